/** A provider's answer was larger than the server reads: the request must ask for less. */
export class AnswerTooLargeError extends Error {
  override readonly name = "AnswerTooLargeError";

  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes.`);
  }
}
