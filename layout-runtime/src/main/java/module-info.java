/**
 * The runtime of structbridge-generated code: the only module (besides {@code java.base}) that
 * generated classes depend on.
 */
module io.structbridge.runtime {
    exports io.structbridge.runtime;

    uses io.structbridge.runtime.ValidationFallback;
}
