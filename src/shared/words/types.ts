/** French resources must have exactly the English keys (every string translated). */
export type Resources<T> = { [K in keyof T]: T[K] extends string ? string : Resources<T[K]> }
