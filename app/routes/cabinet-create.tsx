import { pageMeta } from "#app/modules/seo/meta.ts";
import { pageTitle } from "#app/ui/kit/kit.css.ts";

export const meta = () => [...pageMeta({ title: "Завершение регистрации" }), { name: "robots", content: "noindex" }];

/** Step 3 of sign-in without JavaScript (spec section 2), in the blank layout. */
export default function CabinetCreate() {
  return <h1 className={pageTitle}>Завершение регистрации</h1>;
}
