import type { ReactNode } from "react";
import { STAFF_ORDER_LIMITS } from "#app/modules/admin/staff-order-draft.ts";
import type { PickupPoint } from "#app/modules/delivery/provider.ts";
import * as css from "./admin.css.ts";

/** The fields a new staff order and an order's edit share: a labelled control, the pickup points, the courier's address. */

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={css.formField}>
      <span>{label}</span>
      {children}
    </label>
  );
}

/** The points of the chosen delivery as radios; the chosen one checked. */
export function PointChoices({ points }: { points: { list: PickupPoint[]; selected: PickupPoint | null } }) {
  return (
    <>
      {points.list.length === 0 ? <p className={css.muted}>Пунктов не найдено</p> : null}
      {points.list.map((point) => (
        <label key={point.code} className={css.checkLine}>
          <input type="radio" name="pointCode" value={point.code} defaultChecked={points.selected?.code === point.code} />
          <span>
            {point.name}, {point.address}
          </span>
        </label>
      ))}
    </>
  );
}

/** Street, house and flat for a courier (special delivery too). */
export function CourierAddressFields({ address }: { address: { street: string; house: string; room: string } }) {
  return (
    <div className={css.formGrid}>
      <Field label="Улица (для курьера)">
        <input type="text" name="street" defaultValue={address.street} maxLength={STAFF_ORDER_LIMITS.street} className={css.wideControl} />
      </Field>
      <Field label="Дом">
        <input type="text" name="house" defaultValue={address.house} maxLength={STAFF_ORDER_LIMITS.house} className={css.wideControl} />
      </Field>
      <Field label="Квартира или офис">
        <input type="text" name="room" defaultValue={address.room} maxLength={STAFF_ORDER_LIMITS.room} className={css.wideControl} />
      </Field>
    </div>
  );
}
