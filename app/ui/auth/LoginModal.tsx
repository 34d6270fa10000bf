import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

type ModalApi = { open: (redirectTo: string, options?: { phone?: string }) => void };
const LoginModalContext = createContext<ModalApi | null>(null);

/** Opens the sign-in modal; null outside the provider (the 'Войти' link then simply leads to /login). */
export function useLoginModal(): ModalApi | null {
  return useContext(LoginModalContext);
}

// The modal (its dialog, forms, masks and validation) loads when 'Войти' is first clicked,
// so pages that are only browsed never download it (bench/budgets.ts).
const LoginDialog = lazy(() => import("./LoginDialog.tsx"));

/**
 * The sign-in modal of spec section 2, with JavaScript. While it is closed nothing of
 * it is mounted; its only client state is the step shown and the phone typed.
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<{ redirectTo: string; phone: string } | null>(null);
  const open = useCallback((redirectTo: string, options?: { phone?: string }) => setOpened({ redirectTo, phone: options?.phone ?? "" }), []);
  const api = useMemo(() => ({ open }), [open]);
  return (
    <LoginModalContext.Provider value={api}>
      {children}
      {opened !== null ? (
        <Suspense fallback={null}>
          <LoginDialog redirectTo={opened.redirectTo} phone={opened.phone} onClosed={() => setOpened(null)} />
        </Suspense>
      ) : null}
    </LoginModalContext.Provider>
  );
}
