package io.structbridge.processor.model;

/**
 * Where untagged unions sit in a model: JSON, the JSON Schema and Pydantic cannot represent them. A
 * union component with a discriminator ({@code @Tag}, see {@link TaggedUnion}) has JSON, so only the
 * unions inside its members count.
 */
public final class Unions {
    private Unions() {}

    /**
     * {@return the path of the first union in {@code model} (the model itself, a member, or a member
     * of a nested struct at any depth), e.g. {@code "data (union EpollData)"}, or null when it has none}
     */
    public static String firstUnion(StructModel model) {
        if (model.union()) {
            return model.record().simpleName() + " is a union";
        }
        for (FieldModel f : model.fields()) {
            StructModel nested = switch (f.type()) {
                case FieldType.Nested n -> n.struct();
                case FieldType.NestedArray a -> a.struct();
                default -> null;
            };
            if (nested == null) {
                continue;
            }
            if (nested.union() && TaggedUnion.of(model, f.name()) != null) {
                String inner = membersUnion(nested);
                if (inner != null) {
                    return "component '" + f.name() + "' (tagged union " + nested.record().simpleName() + "): " + inner;
                }
                continue;
            }
            if (nested.union()) {
                return "component '" + f.name() + "' is the union " + nested.record().simpleName();
            }
            String inner = firstUnion(nested);
            if (inner != null) {
                return "component '" + f.name() + "' (" + nested.record().simpleName() + "): " + inner;
            }
        }
        return null;
    }

    /** {@return the first untagged union inside the members of the tagged union {@code union}, or null} */
    private static String membersUnion(StructModel union) {
        StructModel asStruct = new StructModel(union.record(), union.pack(), union.align(), union.order(), union.assertedSize(),
                union.fields(), union.description(), union.ignoreUnknown(), union.fallback(), false, union.tagged());
        return firstUnion(asStruct);
    }
}
