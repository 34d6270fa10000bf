import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { describeError, ErrorPage, errorTexts } from "./ErrorPage.tsx";

afterEach(cleanup);

const notFoundMessage = "Мы сожалеем, но страница на которую вы попытались перейти не существует.";
const laterMessage = "Мы уже разбираемся, что пошло не так. Попробуйте зайти позже.";

describe("describeError (spec sections 2 and 8)", () => {
  it("404 is 'Страница не найдена' with its message", () => {
    expect(describeError(404)).toEqual({ status: 404, title: "Страница не найдена", message: notFoundMessage });
  });

  it("500 is shown as 503 'Сервис временно недоступен'", () => {
    expect(describeError(500)).toEqual({ status: 503, title: "Сервис временно недоступен", message: laterMessage });
    expect(describeError(503).title).toBe("Сервис временно недоступен");
    expect(describeError(502).status).toBe(503);
  });

  it("a status message containing 'not found' is a missing page, whatever the status", () => {
    expect(describeError(400, "Page Not Found: /catalog/page/01").title).toBe("Страница не найдена");
    expect(describeError(500, "Product not found").title).toBe("Страница не найдена");
    expect(describeError(400, "Page Not Found: /x").message).toBe(notFoundMessage);
  });

  it("other client errors keep their status and get the 'later' message", () => {
    const view = describeError(403, "Forbidden");
    expect(view.status).toBe(403);
    expect(view.title).not.toBe("Страница не найдена");
    expect(view.message).toBe(laterMessage);
  });
});

describe("ErrorPage", () => {
  it("shows the status digits, title, message and a 'Перейти на главную' link to /", async () => {
    const Stub = createRoutesStub([{ path: "*", Component: () => <ErrorPage view={describeError(404)} /> }]);
    render(<Stub initialEntries={["/missing"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Страница не найдена" })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
    expect(screen.getByText(notFoundMessage)).toBeTruthy();
    expect(screen.getByRole("link", { name: errorTexts.home }).getAttribute("href")).toBe("/");
    expect(errorTexts.home).toBe("Перейти на главную");
  });
});
