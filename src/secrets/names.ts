// The one vocabulary of names that say a value is a secret: a variable the configuration
// interpolates (`${SPEC_TOKEN}`, whose value is then never printed), and a part of a live value
// that `docsync export` keeps out of the file (`?token=…`, `?X-Amz-Signature=…`).

/** Parts of a name that say it holds a secret, anywhere in it and in any case. */
const SECRET_PARTS =
  /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|SIGNATURE|AUTHORIZATION/i;

/** Words that say so only as words of their own: `key`, not `monkey`; `auth`, not `author`. */
const SECRET_WORDS: ReadonlySet<string> = new Set(["key", "auth", "sig", "pass", "pwd", "jwt"]);

/** The words of a name: `X-Amz-Signature`, `api_key` and `sessionKey` are three words, two, two. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

/** Whether a name (of a variable, a URL's query parameter) says that its value is a secret. */
export function namedLikeSecret(name: string): boolean {
  return SECRET_PARTS.test(name) || wordsOf(name).some((word) => SECRET_WORDS.has(word));
}
