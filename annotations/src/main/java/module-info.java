/**
 * The annotations a user puts on a Java record to declare a native struct. This module depends on
 * nothing but {@code java.base}; all annotations are {@code RetentionPolicy.CLASS}, read only by the
 * structbridge annotation processor.
 */
module io.structbridge.annotations {
    exports io.structbridge.annotations;
}
