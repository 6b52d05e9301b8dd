package io.structbridge.jackson;

/**
 * Finds {@code RJson.CODEC} by the generated naming convention ({@code p.Order},
 * {@code p.OrderArray}, {@code p.OrderView} -> {@code p.OrderJson}), once per class.
 */
final class CodecLookup {
    private CodecLookup() {}

    static final ClassValue<StructJsonCodec<?>> CODECS = new ClassValue<>() {
        @Override
        protected StructJsonCodec<?> computeValue(Class<?> type) {
            String name = type.getName();
            String base = type.isRecord() ? name.replace('$', '_')
                    : name.endsWith("Array") ? name.substring(0, name.length() - 5)
                    : name.endsWith("View") ? name.substring(0, name.length() - 4) : name;
            try {
                Class<?> json = Class.forName(base + "Json", true, type.getClassLoader());
                return (StructJsonCodec<?>) json.getField("CODEC").get(null);
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalArgumentException("no structbridge JSON codec for " + name + " (expected "
                        + base + "Json, generated when structbridge-jackson is on the compile class path)", e);
            }
        }
    };
}
