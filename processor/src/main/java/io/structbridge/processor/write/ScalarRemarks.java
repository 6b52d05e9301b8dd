package io.structbridge.processor.write;

import io.structbridge.annotations.CType;
import io.structbridge.processor.model.FieldType;

/** What a scalar member's C type alone does not say about its Java side (header and layout text). */
final class ScalarRemarks {
    private ScalarRemarks() {}

    static String of(FieldType.Scalar s, String arraySuffix) {
        if (s.ctype() == CType.UINT64_BITS) {
            return "Java long" + arraySuffix + " holding the 64 bits (full range)";
        }
        if (s.ctype() == CType.FLOAT16) {
            return "IEEE binary16; Java float" + arraySuffix + ", exact values only";
        }
        return s.narrowed() ? "Java " + s.java().keyword() + arraySuffix + ", range enforced" : "";
    }
}
