import { ROLE_LABELS } from "../../../lib/console/labels";

const STAFF_ROLE_ORDER = Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[];

/** The staff roles as a select's options, in one order with their labels (the Staff page's two selects). */
export function StaffRoleOptions() {
  return (
    <>
      {STAFF_ROLE_ORDER.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </>
  );
}
