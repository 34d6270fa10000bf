import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { LoginView } from "#app/modules/auth/login-view.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import { CodeStep, PhoneStep, ProfileStep, type StepForm } from "./LoginSteps.tsx";
import * as css from "./login-modal.css.ts";

type LoginAnswer = { result: SubmissionResult<string[]> | null; view: LoginView | null; done?: { to: string; message: string } | null };

type ModalApi = { open: (redirectTo: string) => void };
const LoginModalContext = createContext<ModalApi | null>(null);

/** Opens the sign-in modal; null outside the provider (the 'Войти' link then simply leads to /login). */
export function useLoginModal(): ModalApi | null {
  return useContext(LoginModalContext);
}

/**
 * The sign-in modal of spec section 2 (with JavaScript): the same three steps as /login,
 * posted through a fetcher. Its only client state is the step shown and the phone typed
 * (authPhone), which is cleared when the modal closes.
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<LoginAnswer>({ key: "login-modal" });
  const revalidator = useRevalidator();
  const [view, setView] = useState<LoginView | null>(null);
  const [authPhone, setAuthPhone] = useState("");

  const open = useCallback((redirectTo: string) => {
    setView({ step: "phone", phone: "", resendInSeconds: 0, redirectTo });
    dialog.current?.showModal();
  }, []);

  const close = useCallback(() => {
    dialog.current?.close();
  }, []);

  // Each answer moves the modal to the step the server says; the last one closes it.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.view) {
      setView(answer.view);
      if (answer.view.phone) setAuthPhone(answer.view.phone);
    } else if (answer.done) {
      close();
    }
  }, [answer, close]);

  const onClosed = () => {
    // Spec section 2: the phone is cleared on close; the page learns whether the buyer signed in.
    setAuthPhone("");
    setView(null);
    revalidator.revalidate();
  };

  const api = useMemo(() => ({ open }), [open]);
  const common = view
    ? { Form: fetcher.Form as StepForm, action: "/login", result: answer?.result, redirectTo: view.redirectTo, viaFetcher: true, busy: fetcher.state !== "idle" }
    : null;

  return (
    <LoginModalContext.Provider value={api}>
      {children}
      <dialog ref={dialog} className={css.dialog} onClose={onClosed} aria-label="Вход или регистрация" data-testid="login-modal">
        <button type="button" className={css.close} onClick={close}>
          <Icon name="close" />
          <span className={visuallyHidden}>Закрыть</span>
        </button>
        {view && common ? (
          view.step === "code" ? (
            <CodeStep key={`code-${view.phone}-${view.resendInSeconds}`} {...common} phone={view.phone} resendInSeconds={view.resendInSeconds} />
          ) : view.step === "profile" ? (
            <ProfileStep key="profile" {...common} />
          ) : (
            <PhoneStep key="phone" {...common} defaultPhone={view.phone || authPhone} />
          )
        ) : null}
      </dialog>
    </LoginModalContext.Provider>
  );
}
