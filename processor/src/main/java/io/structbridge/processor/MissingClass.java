package io.structbridge.processor;

/**
 * Tells a class missing from the annotation processor path (the annotations jar or JavaPoet left out of
 * {@code -processorpath}) from a defect of the processor: the JVM reports the former as a
 * {@link NoClassDefFoundError} or {@link ClassNotFoundException} naming a class outside the processor's own
 * package.
 */
final class MissingClass {
    private MissingClass() {}

    /** {@return the binary name of the missing class, with dots, or null if {@code t} is no such failure} */
    static String of(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String name = c instanceof NoClassDefFoundError || c instanceof ClassNotFoundException ? c.getMessage() : null;
            if (name != null) {
                String dotted = name.replace('/', '.');
                if (!dotted.startsWith("io.structbridge.processor.")) {
                    return dotted;
                }
            }
        }
        return null;
    }
}
