// Every failure a handler or the store raises on purpose. The server turns it into the
// service's error body `{"error": {"code": <status>, "message": "..."}}`; anything else
// thrown is a bug in the emulator and is answered with 500.

export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (what: string, id: string): HttpError =>
  new HttpError(404, `${what} "${id}" not found`);
export const conflict = (message: string): HttpError => new HttpError(409, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
