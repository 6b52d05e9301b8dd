/**
 * Struct memory as Arrow data through the Arrow C Data Interface (ArrowSchema, ArrowArray,
 * ArrowArrayStream), over FFM: no Arrow library needed.
 */
module io.structbridge.arrow {
    requires transitive io.structbridge.runtime;
    exports io.structbridge.arrow;
}
