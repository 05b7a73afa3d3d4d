import { formatPaise } from "@/lib/money";

export const itemsLabel = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;
export const totalLabel = (totalPaise: number) => formatPaise(totalPaise);
