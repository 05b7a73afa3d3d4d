/** "1 product", "2 products". */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
