import type {
  Address,
  DependentRelationship,
  DoctorAllocationType,
  Gender,
  IdentityType,
  MemberRole,
  PhoneNumber,
  PolicyBenefit,
  WaitingPeriodType,
} from "@portal/domain";

// The rows of the files once checked (row-schemas.ts), each with the line it came from so that
// later checks across files can point at it.

export interface Located {
  line: number;
}

export interface PlanRow extends Located {
  schemeCode: string;
  schemeName: string;
  planCode: string;
  planName: string;
  benefits: PolicyBenefit[];
}

export interface PersonProfile {
  title: string | null;
  dateOfBirth: string | null;
  gender: Gender | null;
  identityType: IdentityType | null;
  identityNumber: string | null;
  membershipNumber: string | null;
}

export interface MemberRow extends Located {
  entityNumber: number;
  firstName: string;
  lastName: string;
  profile: PersonProfile;
  /** The first one first. */
  emails: string[];
  /** Mobile, home, work: in that order, those given. */
  phones: PhoneNumber[];
  /** Postal, then residential: those given. */
  addresses: Address[];
}

export interface PolicyRow extends Located {
  policyId: number;
  policyNumber: string;
  schemeCode: string;
  planCode: string;
  principalEntityNumber: number;
  startDate: string;
}

export interface PolicyDependentRow extends Located {
  policyId: number;
  entityNumber: number;
  relationship: DependentRelationship;
  dependentCode: string;
  startDate: string | null;
}

export interface EmergencyContactRow extends Located {
  entityNumber: number;
  name: string;
  relationship: string;
  phoneNumber: string;
  email: string | null;
}

export interface WaitingPeriodRow extends Located {
  entityNumber: number;
  type: WaitingPeriodType;
  condition: string | null;
  startDate: string;
  endDate: string;
}

export interface DoctorAllocationRow extends Located {
  entityNumber: number;
  allocationType: DoctorAllocationType;
  practiceNumber: string;
  practiceName: string;
  doctorName: string;
  startDate: string;
  endDate: string | null;
}

export interface StaffRoleRow extends Located {
  entityNumber: number;
  role: MemberRole;
}

export interface RegisterRows {
  plans: PlanRow[];
  members: MemberRow[];
  policies: PolicyRow[];
  policyDependents: PolicyDependentRow[];
  emergencyContacts: EmergencyContactRow[];
  waitingPeriods: WaitingPeriodRow[];
  doctorAllocations: DoctorAllocationRow[];
  staffRoles: StaffRoleRow[];
}

/** The kinds that name people by entity number and hold a list of rows per person. */
export type PersonListKind = "emergencyContacts" | "waitingPeriods" | "doctorAllocations";
