// Demo accounts and delivery partners (two per dark store, prisma/seed/stores.ts). The passwords are public on purpose (README, login page hint):
// this is a demo shop. Emails are stored lower-cased, phones as 10 digits, as the app itself stores them.

export interface DemoUser {
  id: string;
  email: string;
  password: string;
  name: string;
  role: "ADMIN" | "USER" | "PARTNER" | "STAFF";
  mobile: string;
  verifyEmail: boolean;
}

export const DEMO_ADMIN: DemoUser = {
  id: "usradmin",
  email: "admin@kwikmart.local",
  password: "Admin@12345",
  name: "Kwikmart Admin",
  role: "ADMIN",
  mobile: "9876543210",
  verifyEmail: true,
};

export const DEMO_SHOPPER: DemoUser = {
  id: "usrshopper",
  email: "shopper@kwikmart.local",
  password: "Shopper@12345",
  name: "Demo Shopper",
  role: "USER",
  mobile: "9123456780",
  verifyEmail: true,
};

/** Store staff (issue 16) of the MG Road store ("main"): signs in and lands on the pick list (/store). */
export const DEMO_STAFF: DemoUser & { storeId: string } = {
  id: "usrstaff",
  email: "staff@kwikmart.local",
  password: "Staff@12345",
  name: "Asha Rao",
  role: "STAFF",
  mobile: "9123456781",
  verifyEmail: true,
  storeId: "main",
};

export const DEMO_USERS: readonly DemoUser[] = [DEMO_ADMIN, DEMO_SHOPPER];

export interface DemoPartner {
  id: string;
  name: string;
  phone: string;
  vehicle: string | null;
  isAvailable: boolean;
  /** Fixed dates so every seed dispatches in the same order (the one idle longest goes first). */
  availableSince: Date | null;
  createdAt: Date;
  /** the dark store they ride for (prisma/seed/stores.ts) */
  storeId: string;
}

const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`);

export const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    id: "dp01",
    storeId: "main",
    name: "Ravi Kumar",
    phone: "9812345601",
    vehicle: "Bike",
    isAvailable: true,
    availableSince: day("2026-01-05"),
    createdAt: day("2026-01-05"),
  },
  {
    id: "dp02",
    storeId: "indiranagar",
    name: "Priya Nair",
    phone: "8765432109",
    vehicle: "Scooter",
    isAvailable: true,
    availableSince: day("2026-01-06"),
    createdAt: day("2026-01-06"),
  },
  {
    id: "dp03",
    storeId: "koramangala",
    name: "Imran Shaikh",
    phone: "7654321098",
    vehicle: "Bicycle",
    isAvailable: true,
    availableSince: day("2026-01-07"),
    createdAt: day("2026-01-07"),
  },
  {
    id: "dp04",
    storeId: "jayanagar",
    name: "Manoj Patil",
    phone: "9988776655",
    vehicle: null,
    isAvailable: true,
    availableSince: day("2026-01-08"),
    createdAt: day("2026-01-08"),
  },
  {
    id: "dp05",
    storeId: "malleshwaram",
    name: "Arjun Singh",
    phone: "6543210987",
    vehicle: "Bike",
    isAvailable: false,
    availableSince: null,
    createdAt: day("2026-01-09"),
  },
  {
    id: "dp06",
    storeId: "hsr-layout",
    name: "Lakshmi Reddy",
    phone: "9845012306",
    vehicle: "Scooter",
    isAvailable: true,
    availableSince: day("2026-01-10"),
    createdAt: day("2026-01-10"),
  },
  {
    id: "dp07",
    storeId: "main",
    name: "Suresh Gowda",
    phone: "9845012307",
    vehicle: "Bike",
    isAvailable: true,
    availableSince: day("2026-01-11"),
    createdAt: day("2026-01-11"),
  },
  {
    id: "dp08",
    storeId: "indiranagar",
    name: "Fatima Begum",
    phone: "9845012308",
    vehicle: "Scooter",
    isAvailable: true,
    availableSince: day("2026-01-12"),
    createdAt: day("2026-01-12"),
  },
  {
    id: "dp09",
    storeId: "koramangala",
    name: "Kiran Rao",
    phone: "9845012309",
    vehicle: "Bike",
    isAvailable: true,
    availableSince: day("2026-01-13"),
    createdAt: day("2026-01-13"),
  },
  {
    id: "dp10",
    storeId: "jayanagar",
    name: "Deepa Hegde",
    phone: "9845012310",
    vehicle: "Bicycle",
    isAvailable: true,
    availableSince: day("2026-01-14"),
    createdAt: day("2026-01-14"),
  },
  {
    id: "dp11",
    storeId: "malleshwaram",
    name: "Naveen Shetty",
    phone: "9845012311",
    vehicle: "Bike",
    isAvailable: true,
    availableSince: day("2026-01-15"),
    createdAt: day("2026-01-15"),
  },
  {
    id: "dp12",
    storeId: "hsr-layout",
    name: "Anil Joseph",
    phone: "9845012312",
    vehicle: "Scooter",
    isAvailable: true,
    availableSince: day("2026-01-16"),
    createdAt: day("2026-01-16"),
  },
];

/** Every demo partner signs in to the partner app (issue 17) with this password; the README prints the first one. */
export const DEMO_PARTNER_PASSWORD = "Partner@12345";

/** The partner account of a demo partner: dp01 → partner1@kwikmart.local (Ravi Kumar, the MG Road store). */
export function demoPartnerUser(p: DemoPartner): DemoUser {
  const n = Number(p.id.slice(2));
  return {
    id: `usr${p.id}`,
    email: `partner${n}@kwikmart.local`,
    password: DEMO_PARTNER_PASSWORD,
    name: p.name,
    role: "PARTNER",
    mobile: p.phone,
    verifyEmail: true,
  };
}
