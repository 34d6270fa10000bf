/** What the buyer typed at checkout, offered at sign-in: the phone at step 1, name and e-mail at step 3. */
export type SignInPrefill = { phone: string; fullName: string; email: string };

/** What the sign-in steps show: the step, the phone of the pending sign-in, the resend countdown. */
export type LoginView = {
  step: "phone" | "code" | "profile";
  phone: string;
  resendInSeconds: number;
  redirectTo: string;
  prefill?: { fullName: string; email: string };
};
