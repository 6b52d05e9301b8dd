package io.structbridge.processor.write;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A fingerprint of a layout: the first 128 bits of SHA-256 over its canonical text (name, size,
 * alignment, and per member name, C type, offset, size and byte order, nested structs
 * included), as 32 lowercase hex digits. Every language's declaration carries the same value, so a
 * reader can refuse a file written with another layout.
 */
public final class Fingerprint {
    private Fingerprint() {}

    /** {@return the canonical text} */
    public static String canonical(StructLayoutPlan plan) {
        StringBuilder b = new StringBuilder();
        append(plan, b);
        return b.toString();
    }

    private static void append(StructLayoutPlan plan, StringBuilder b) {
        b.append(plan.model().union() ? "union " : "").append(plan.model().cName()).append('{').append(plan.size()).append(',').append(plan.alignment());
        // a reserved member counts as the member it was, a renamed one by its oldest name: declared changes keep the
        // fingerprint, so struct files written before them still open
        for (Member m : plan.allMembers()) {
            b.append(';').append(m.field().layoutName()).append(':').append(CDeclarations.baseType(m))
                    .append(CDeclarations.declarator(m).substring(m.field().name().length()))
                    .append('@').append(m.offset()).append('+').append(m.size());
            switch (m.field().type()) {
                case FieldType.Scalar s -> b.append('/').append(s.order());
                case FieldType.EnumCode e -> b.append('/').append(e.order());
                case FieldType.PrimitiveArray a -> b.append('/').append(a.element().order());
                case FieldType.Text t -> b.append('/').append(t.encoding()).append(t.nulTerminated() ? "/NUL" : "/FIXED");
                case FieldType.Nested n -> append(m.nested(), b);
                case FieldType.NestedArray n -> append(m.nested(), b);
                case FieldType.BitField f -> b.append("/bit").append(m.bits().bitOffset()).append('/')
                        .append(f.zeroWidthBefore());
                case FieldType.Pointer p -> b.append("/ADDRESS");
            }
        }
        b.append('}');
    }

    /** {@return the fingerprint: 32 hex digits} */
    public static String of(StructLayoutPlan plan) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical(plan).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
