/**
 * For calls that take no payload: with no fields declared, the validation pipe names every field sent
 * ('property x should not exist') instead of silently ignoring a body the caller meant something by.
 */
export class NoBodyDto {}
