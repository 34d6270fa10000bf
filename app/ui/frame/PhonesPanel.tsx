import { shop } from "#app/modules/shop/contacts.ts";
import { useOfficeHours } from "./office-hours.ts";
import { Icon } from "../kit/icons.tsx";
import { panelLine, phones, phonesPanel, phonesToggle } from "./frame.css.ts";

/** The main phone in the top bar; hovering or focusing it shows every contact (no JS needed). */
export function PhonesPanel() {
  const officeHours = useOfficeHours();
  const { main, tollFree } = shop.phones;
  return (
    <div className={phones}>
      <a href={`tel:${main.tel}`} className={phonesToggle}>
        <Icon name="phone" size={16} />
        {main.display}
      </a>
      <div className={phonesPanel} data-testid="phones-panel">
        <p className={panelLine}>
          <a href={`tel:${main.tel}`}>{main.display}</a> — {shop.city}
        </p>
        <p className={panelLine}>
          <a href={`tel:${tollFree.tel}`}>{tollFree.display}</a> — бесплатно по России, поддержка: доб. {tollFree.supportExtension}
        </p>
        {officeHours.rows.map((slot) => (
          <p key={slot.days} className={panelLine}>
            {slot.days}: {slot.opens}–{slot.closes}
          </p>
        ))}
        <p className={panelLine}>
          <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </p>
      </div>
    </div>
  );
}
