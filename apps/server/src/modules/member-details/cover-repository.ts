import type {
  DoctorAllocation,
  DoctorAllocationType,
  WaitingPeriod,
  WaitingPeriodType,
} from "@portal/domain";
import { and, asc, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { doctorAllocations, waitingPeriods } from "../../db/schema/member-details.js";

// Waiting periods and doctor allocations of one person. Callers pass an entity number the access
// service has already let through (access.ts): these functions do not decide who may see what.

/** The waiting periods in force on the date (start and end days included), earliest first. */
export async function listWaitingPeriodsInForce(
  db: Db,
  entityNumber: number,
  asAtDate: string,
): Promise<WaitingPeriod[]> {
  const rows = await db
    .select({
      type: waitingPeriods.type,
      condition: waitingPeriods.condition,
      startDate: waitingPeriods.startDate,
      endDate: waitingPeriods.endDate,
    })
    .from(waitingPeriods)
    .where(
      and(
        eq(waitingPeriods.entityNumber, entityNumber),
        lte(waitingPeriods.startDate, asAtDate),
        gte(waitingPeriods.endDate, asAtDate),
      ),
    )
    .orderBy(asc(waitingPeriods.startDate), asc(waitingPeriods.id));
  // The check constraint of waiting_periods holds the type to the domain's values.
  return rows.map((row) => ({ ...row, type: row.type as WaitingPeriodType }));
}

export async function insertWaitingPeriods(db: Db, entityNumber: number, periods: readonly WaitingPeriod[]) {
  if (periods.length === 0) return;
  await db.insert(waitingPeriods).values(periods.map((period) => ({ entityNumber, ...period })));
}

const allocationColumns = {
  allocationType: doctorAllocations.allocationType,
  practiceNumber: doctorAllocations.practiceNumber,
  practiceName: doctorAllocations.practiceName,
  doctorName: doctorAllocations.doctorName,
  startDate: doctorAllocations.startDate,
  endDate: doctorAllocations.endDate,
};

const asAllocation = (row: Omit<DoctorAllocation, "allocationType"> & { allocationType: string }) => ({
  ...row,
  // The check constraint of doctor_allocations holds the type to the domain's values.
  allocationType: row.allocationType as DoctorAllocationType,
});

/** Every allocation of the patient, newest first. */
export async function listDoctorAllocations(
  db: Db,
  patientEntityNumber: number,
): Promise<DoctorAllocation[]> {
  const rows = await db
    .select(allocationColumns)
    .from(doctorAllocations)
    .where(eq(doctorAllocations.patientEntityNumber, patientEntityNumber))
    .orderBy(desc(doctorAllocations.startDate), desc(doctorAllocations.id));
  return rows.map(asAllocation);
}

/** The allocation of that type in force on the date, the latest started if several; else undefined. */
export async function findDoctorAllocationInForce(
  db: Db,
  patientEntityNumber: number,
  allocationType: DoctorAllocationType,
  asAtDate: string,
): Promise<DoctorAllocation | undefined> {
  const [row] = await db
    .select(allocationColumns)
    .from(doctorAllocations)
    .where(
      and(
        eq(doctorAllocations.patientEntityNumber, patientEntityNumber),
        eq(doctorAllocations.allocationType, allocationType),
        lte(doctorAllocations.startDate, asAtDate),
        or(isNull(doctorAllocations.endDate), gte(doctorAllocations.endDate, asAtDate)),
      ),
    )
    .orderBy(desc(doctorAllocations.startDate), desc(doctorAllocations.id))
    .limit(1);
  return row ? asAllocation(row) : undefined;
}

export async function insertDoctorAllocations(
  db: Db,
  patientEntityNumber: number,
  allocations: readonly DoctorAllocation[],
) {
  if (allocations.length === 0) return;
  await db
    .insert(doctorAllocations)
    .values(allocations.map((allocation) => ({ patientEntityNumber, ...allocation })));
}
