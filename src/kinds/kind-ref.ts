// How one kind names another kind's items without importing that kind's module: the names the
// other kind is listed and read under, and the types of its items. A kind that others read
// declares its reference in its types module (which imports no kind) and takes its own names
// from it; `listIn`, `desiredIn` and `childrenOf` take a reference as they take a kind. So kinds
// that read each other's items (collections and spaces, custom fields and spaces) never import
// each other's modules.

export interface KindRef<D = unknown, L = unknown, X = object, C extends string = string> {
  /** The kind's singular name, under which the reader files its live nodes. */
  readonly kind: string;
  /** The configuration's name for its list, where its configured items are. */
  readonly collection: C;
  /** Never set: the types of its configured items, live items and further facts read. */
  readonly items?: { desired: D; live: L; details: X };
}
