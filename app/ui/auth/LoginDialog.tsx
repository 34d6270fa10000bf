import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { LoginView } from "#app/modules/auth/login-view.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import { CodeStep, PhoneStep, ProfileStep, type StepForm } from "./LoginSteps.tsx";
import * as css from "./login-modal.css.ts";

type LoginAnswer = { result: SubmissionResult<string[]> | null; view: LoginView | null; done?: { to: string; message: string } | null };

/**
 * The modal's dialog: the same three steps as /login, posted through a fetcher. The
 * phone typed (authPhone) lives only as long as the dialog; closing clears it.
 */
export default function LoginDialog({ redirectTo, phone = "", onClosed }: { redirectTo: string; phone?: string; onClosed: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<LoginAnswer>({ key: "login-modal" });
  const revalidator = useRevalidator();
  const [view, setView] = useState<LoginView>({ step: "phone", phone, resendInSeconds: 0, redirectTo });
  const [authPhone, setAuthPhone] = useState(phone);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  // Each answer moves the modal to the step the server says (set while rendering, once per
  // answer); the last one closes it.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [applied, setApplied] = useState<LoginAnswer>();
  if (answer && answer !== applied) {
    setApplied(answer);
    if (answer.view) {
      setView(answer.view);
      if (answer.view.phone) setAuthPhone(answer.view.phone);
    }
  }
  useEffect(() => {
    if (answer && !answer.view && answer.done) dialog.current?.close();
  }, [answer]);

  const common = {
    Form: fetcher.Form as StepForm,
    action: "/login",
    result: answer?.result,
    redirectTo: view.redirectTo,
    viaFetcher: true,
    busy: fetcher.state !== "idle",
  };

  return (
    <dialog
      ref={dialog}
      className={css.dialog}
      onClose={() => {
        // Spec section 2: the page learns whether the buyer signed in; the phone is forgotten.
        revalidator.revalidate();
        onClosed();
      }}
      aria-label="Вход или регистрация"
      data-testid="login-modal"
    >
      <button type="button" className={css.close} onClick={() => dialog.current?.close()}>
        <Icon name="close" />
        <span className={visuallyHidden}>Закрыть</span>
      </button>
      {view.step === "code" ? (
        <CodeStep key={`code-${view.phone}-${view.resendInSeconds}`} {...common} phone={view.phone} resendInSeconds={view.resendInSeconds} />
      ) : view.step === "profile" ? (
        <ProfileStep key="profile" {...common} prefill={view.prefill} />
      ) : (
        <PhoneStep key="phone" {...common} defaultPhone={view.phone || authPhone} />
      )}
    </dialog>
  );
}
