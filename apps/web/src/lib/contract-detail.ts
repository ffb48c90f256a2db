/**
 * A contract type with detail for the parts the contract types loosely (a loose object, an array of them): the keys of
 * R replace T's, every other key keeps the contract's type. R should build on T's own part (`T['rows'][number] & {…}`)
 * and add only the fields the contract lets through untyped, as the server sends them.
 */
export type Detailed<T, R> = { [K in keyof T as K extends keyof R ? never : K]: T[K] } & R;
