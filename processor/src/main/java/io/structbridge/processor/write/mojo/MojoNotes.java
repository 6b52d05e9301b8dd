package io.structbridge.processor.write.mojo;

import io.structbridge.annotations.Endian;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.model.FieldType;

/** The comment after a member: what its bytes hold beyond the Mojo type. */
final class MojoNotes {
    private MojoNotes() {}

    static String note(Member m) {
        return switch (m.field().type()) {
            case FieldType.Scalar s -> s.order() == Endian.BIG ? "; big-endian" : "";
            case FieldType.PrimitiveArray a -> a.element().order() == Endian.BIG ? "; big-endian elements" : "";
            case FieldType.Text t -> "; " + t.encoding() + (t.nulTerminated() ? ", NUL-terminated" : ", fixed width")
                    + (t.truncate() ? ", cut to fit" : "");
            case FieldType.EnumCode e -> "; enum " + e.type().simpleName() + " code"
                    + (e.order() == Endian.BIG ? ", big-endian" : "");
            case FieldType.Pointer p -> "; C " + p.cType().strip() + ": the address, meaningful in this process only";
            default -> "";
        };
    }
}
