/** A record of an inbound batch refused, with the field it is about: one entry of the batch's error list. */
export class Refusal extends Error {
  constructor(
    readonly field: string | undefined,
    message: string,
  ) {
    super(message);
  }
}
