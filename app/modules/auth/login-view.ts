/** What the sign-in steps show: the step, the phone of the pending sign-in, the resend countdown. */
export type LoginView = { step: "phone" | "code" | "profile"; phone: string; resendInSeconds: number; redirectTo: string };
