import { Link } from "react-router";
import { useOfficeHours } from "./office-hours.ts";
import { privacyPolicyHref, shop } from "#app/modules/shop/contacts.ts";
import { primaryMenu, secondaryMenu } from "#app/modules/shop/navigation.ts";
import { currentYear } from "#app/modules/shared/format.ts";
import type { SellerDetails } from "#app/modules/config/seller.ts";
import { sellerLineParts } from "#app/modules/shop/seller.ts";
import { Container } from "../kit/Container.tsx";
import { copyright, footer, footerAddress, footerGrid, footerHeading, footerLink, footerList, paymentLogo, payments } from "./frame.css.ts";

/** Payment methods of spec section 9, each a small logo file with its intrinsic size. */
const paymentMethods = [
  { name: "Мир", file: "mir", width: 56 },
  { name: "Visa", file: "visa", width: 56 },
  { name: "Mastercard", file: "mastercard", width: 96 },
  { name: "СБП", file: "sbp", width: 52 },
  { name: "ЮKassa", file: "yookassa", width: 76 },
];

/** `seller`: the seller's legal details from the settings (absent on the error page, which has no data). */
export function Footer({ seller }: { seller?: SellerDetails | undefined } = {}) {
  const officeHours = useOfficeHours();
  return (
    <footer className={footer} data-testid="site-footer">
      <Container>
        <div className={footerGrid}>
          <nav aria-label="Покупателям">
            <h2 className={footerHeading}>Покупателям</h2>
            <ul className={footerList}>
              {primaryMenu.map((item) => (
                <li key={item.href}>
                  <Link to={item.href} className={footerLink}>
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="О магазине">
            <h2 className={footerHeading}>О магазине</h2>
            <ul className={footerList}>
              {secondaryMenu.map((item) => (
                <li key={item.href}>
                  <Link to={item.href} className={footerLink}>
                    {item.name}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/partners" className={footerLink}>
                  Партнёры
                </Link>
              </li>
            </ul>
          </nav>
          <section aria-label="Контакты">
            <h2 className={footerHeading}>Контакты</h2>
            <address className={footerAddress}>
              <ul className={footerList}>
                <li>
                  Центральный офис: {shop.address.addressLocality}, {shop.address.streetAddress}
                </li>
                <li>
                  <a href={`tel:${shop.phones.main.tel}`} className={footerLink}>
                    {shop.phones.main.display}
                  </a>
                </li>
                <li>
                  <a href={`tel:${shop.phones.tollFree.tel}`} className={footerLink}>
                    {shop.phones.tollFree.display}
                  </a>{" "}
                  (бесплатно), поддержка — доб. {shop.phones.tollFree.supportExtension}
                </li>
                {officeHours.rows.map((slot) => (
                  <li key={slot.days}>
                    {slot.days}: {slot.opens}–{slot.closes}
                  </li>
                ))}
                <li>
                  <a href={`mailto:${shop.email}`} className={footerLink}>
                    {shop.email}
                  </a>
                </li>
                {shop.messengers.map((messenger) => (
                  <li key={messenger.name}>
                    <a href={messenger.href} className={footerLink} rel="noopener" target="_blank">
                      {messenger.name}
                    </a>
                  </li>
                ))}
              </ul>
            </address>
          </section>
        </div>
        <ul className={payments} aria-label="Способы оплаты">
          {paymentMethods.map((method) => (
            <li key={method.file}>
              <img src={`/payments/${method.file}.svg`} alt={method.name} width={method.width} height={32} loading="lazy" className={paymentLogo} />
            </li>
          ))}
        </ul>
        <p className={copyright}>
          © {shop.foundingYear}–{currentYear()} {shop.legalName}.{" "}
          <a href={privacyPolicyHref} className={footerLink}>
            Политика обработки персональных данных
          </a>{" "}
          ·{" "}
          <a href="/cookies" className={footerLink}>
            Настройки cookie
          </a>
        </p>
        {seller ? (
          <p className={copyright} data-testid="seller-details">
            <SellerLine seller={seller} />
          </p>
        ) : null}
      </Container>
    </footer>
  );
}

/** The seller's details; the registration number links to the Assay Chamber's register, where a buyer checks it. */
function SellerLine({ seller }: { seller: SellerDetails }) {
  const { before, number, after } = sellerLineParts(seller);
  return (
    <>
      {before}
      <a href={seller.assayRegisterUrl} className={footerLink} title="Проверить продавца в реестре Пробирной палаты">
        {number}
      </a>
      {after}
    </>
  );
}
