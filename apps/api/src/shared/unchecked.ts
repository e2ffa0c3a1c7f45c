/**
 * What a DTO declares when it only lets a request's fields through to the decider that judges them (all at
 * once, in the form's words): every field of the contract's request, of any value. A field renamed or
 * removed in libs/contracts then fails to compile here, as it does in the web.
 */
export type Unchecked<Request> = { [Field in keyof Request]-?: unknown };
