package io.structbridge.processor.write.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.annotations.CType;
import io.structbridge.processor.layout.BitPlacement;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import javax.lang.model.element.Modifier;

/**
 * Getter, setter, {@code check$x} and {@code store$x} of one bit-field: shift-and-mask code on one
 * little-endian load of 1, 2, 4 or 8 bytes that covers the field's bytes (see {@link #window}), with a
 * read-modify-write for stores, or byte by byte when no such load exists (a field over 9 bytes under
 * pack, a struct smaller than the load, a window that would overlap another member). Little-endian because both ABIs allocate bit-fields
 * from the least significant bit of little-endian storage. Values outside the width are refused,
 * never masked.
 */
final class BitFieldCode {
    private static final String[] CARRIERS = {"BYTE", "SHORT", "INT", "LONG"};

    private final Member m;
    private final FieldType.BitField b;
    private final BitPlacement at;
    private final String name;
    private final TypeName type;
    /** The load: size in bytes (1, 2, 4, 8) and offset in the struct, or size 0 for byte by byte. */
    private final int loadSize;
    private final long loadOffset;
    private final int shift;

    BitFieldCode(Member m, StructLayoutPlan plan) {
        this.m = m;
        this.b = (FieldType.BitField) m.field().type();
        this.at = m.bits();
        this.name = m.field().name();
        this.type = ScalarCode.javaType(b.declared().java());
        long[] window = window(m, plan);
        this.loadSize = (int) window[0];
        this.loadOffset = window[1];
        this.shift = (int) (at.bitOffset() - 8 * loadOffset);
    }

    /**
     * The load {size, offset}: first the storage unit of the declared type that holds the field (the
     * unit gcc accesses, aligned to its size; the JIT then folds loads of neighbouring bit-fields of
     * one unit into one), else the smallest 1, 2, 4 or 8 bytes covering the field's bytes, else size
     * 0 (byte by byte). A window is taken only if it lies inside the struct and overlaps no member
     * that is not a bit-field, so a store's read-modify-write never rewrites another member's bytes
     * (bit-fields sharing bytes are one C memory location anyway; padding belongs to nobody).
     */
    private static long[] window(Member m, StructLayoutPlan plan) {
        BitPlacement at = m.bits();
        FieldType.BitField b = (FieldType.BitField) m.field().type();
        long unit = b.declared().ctype().size();
        long unitStart = Math.floorDiv(at.bitOffset(), 8 * unit) * unit;
        if ((unit == 1 || unit == 2 || unit == 4 || unit == 8) && 8 * (unitStart + unit) >= at.bitOffset() + b.width()
                && free(plan, unitStart, unit)) {
            return new long[] {unit, unitStart};
        }
        long span = at.endByte() - at.firstByte();
        int k = span <= 1 ? 1 : span <= 2 ? 2 : span <= 4 ? 4 : span <= 8 ? 8 : 0;
        if (k == 0) {
            return new long[] {0, at.firstByte()};
        }
        for (long p : new long[] {at.firstByte(), at.endByte() - k}) {
            if (free(plan, p, k)) {
                return new long[] {k, p};
            }
        }
        return new long[] {0, at.firstByte()};
    }

    /** {@return whether bytes {@code [from, from + n)} lie in the struct and hold only bit-fields or padding} */
    private static boolean free(StructLayoutPlan plan, long from, long n) {
        if (from < 0 || from + n > plan.size()) {
            return false;
        }
        for (Member o : plan.members()) {
            if (!o.bitField() && o.size() > 0 && o.offset() < from + n && from < o.end()) {
                return false;
            }
        }
        return true;
    }

    /** The little-endian, byte-aligned layouts the accessors load with (one set per struct class). */
    static void addLayouts(TypeSpec.Builder t) {
        for (String c : CARRIERS) {
            CodeBlock init = c.equals("BYTE") ? CodeBlock.of("$T.JAVA_BYTE", JavaTypeNames.VALUE_LAYOUT)
                    : CodeBlock.of("$T.JAVA_$L_UNALIGNED.withOrder($T.LITTLE_ENDIAN)", JavaTypeNames.VALUE_LAYOUT, c, JavaTypeNames.BYTE_ORDER);
            t.addField(FieldSpec.builder(JavaTypeNames.VALUE_LAYOUT.nestedClass("Of" + c.charAt(0) + c.substring(1).toLowerCase(java.util.Locale.ROOT)),
                    "BITS$" + c, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer(init).build());
        }
    }

    private static String layout(int size) {
        return "BITS$" + CARRIERS[Integer.numberOfTrailingZeros(size)];
    }

    private static String carrier(int size) {
        return switch (size) {
            case 1 -> "byte";
            case 2 -> "short";
            case 4 -> "int";
            default -> "long";
        };
    }

    private CodeBlock at(long byteOffset) {
        return CodeBlock.of("offset + $LL", byteOffset);
    }

    /** {@return the C declaration shown in messages, e.g. {@code uint8_t : 3}} */
    String cDeclaration() {
        return CTypes.cName(b.declared().ctype()) + " : " + b.width();
    }

    /** The getter body: {@code long bits = ...} (the field's bits, sign- or zero-extended) then the return. */
    CodeBlock getterBody() {
        int w = b.width();
        CodeBlock.Builder c = CodeBlock.builder();
        boolean intPath = loadSize > 0 && loadSize <= 4;
        if (intPath) {
            c.addStatement("int raw = segment.get($L, $L)", layout(loadSize), at(loadOffset));
            String v;
            if (b.signed()) {
                v = "(raw << " + (32 - shift - w) + ") >> " + (32 - w);
            } else if (w == 32) {
                v = "raw";
            } else {
                v = (shift == 0 ? "raw" : "(raw >>> " + shift + ")") + " & " + hexInt((1L << w) - 1);
            }
            c.addStatement("int bits = $L", v);
            return c.addStatement("return $L", convertFromInt("bits", w)).build();
        }
        if (loadSize == 8) {
            c.addStatement("long raw = segment.get($L, $L)", layout(8), at(loadOffset));
        } else {
            c.addStatement("long raw = $L", bytewiseLoad());
        }
        int s = loadSize == 8 ? shift : 0; // the byte-wise load is already shifted
        String v;
        if (b.signed()) {
            v = "(raw << " + (64 - s - w) + ") >> " + (64 - w);
        } else if (w == 64) {
            v = "raw";
        } else {
            v = (s == 0 ? "raw" : "(raw >>> " + s + ")") + " & " + hexLong((w == 64 ? -1L : (1L << w) - 1));
        }
        c.addStatement("long bits = $L", v);
        if (!b.signed() && w == 64) {
            c.beginControlFlow("if (bits < 0)")
                    .addStatement("throw $T.uint64TooLarge(bits, STRUCT, $S, $L)", JavaTypeNames.VALUES, name, at(at.firstByte()))
                    .endControlFlow();
        }
        return c.addStatement("return $L", convertFromLong("bits")).build();
    }

    /** {@code (b0 & 0xFF) >>> shift | (b1 & 0xFF) << (8 - shift) | ...}: the field's bits from its bytes. */
    private CodeBlock bytewiseLoad() {
        CodeBlock.Builder c = CodeBlock.builder();
        int sh = at.shift();
        long n = at.endByte() - at.firstByte();
        for (int i = 0; i < n; i++) {
            CodeBlock byteExpr = CodeBlock.of("(segment.get(BITS$$BYTE, $L) & 0xFFL)", at(at.firstByte() + i));
            int pos = 8 * i - sh;
            c.add(i == 0 ? "" : " | ");
            c.add(pos == 0 ? CodeBlock.of("$L", byteExpr) : pos > 0 ? CodeBlock.of("$L << $L", byteExpr, pos)
                    : CodeBlock.of("$L >>> $L", byteExpr, -pos));
        }
        return c.build();
    }

    private String convertFromInt(String v, int w) {
        return switch (b.declared().java()) {
            case BOOLEAN -> v + " != 0";
            case BYTE -> "(byte) " + v;
            case SHORT -> "(short) " + v;
            case CHAR -> "(char) " + v;
            case INT -> v;
            case LONG -> !b.signed() && w == 32 ? "java.lang.Integer.toUnsignedLong(" + v + ")" : v;
            default -> throw new AssertionError(b);
        };
    }

    private String convertFromLong(String v) {
        return switch (b.declared().java()) {
            case BOOLEAN -> v + " != 0";
            case BYTE -> "(byte) " + v;
            case SHORT -> "(short) " + v;
            case CHAR -> "(char) " + v;
            case INT -> "(int) " + v;
            case LONG -> v;
            default -> throw new AssertionError(b);
        };
    }

    /** {@code check$x}: the range of the width. */
    CodeBlock checkBody(CodeBlock path) {
        if (!b.narrowed()) {
            return CodeBlock.of("");
        }
        String value = b.declared().java() == JavaPrim.CHAR ? "(int) value" : "value";
        JavaPrim j = b.declared().java();
        String test;
        if (b.min() > j.min() && b.max() < j.max()) {
            test = value + " < " + ScalarCode.literal(b.min()) + " || " + value + " > " + ScalarCode.literal(b.max());
        } else if (b.min() > j.min()) {
            test = value + " < " + ScalarCode.literal(b.min());
        } else {
            test = value + " > " + ScalarCode.literal(b.max());
        }
        return CodeBlock.builder().beginControlFlow("if ($L)", test)
                .addStatement("throw $T.outOfRange($L, $L, $L, $S, STRUCT, $L)", JavaTypeNames.VALUES, value,
                        ScalarCode.literal(b.min()), ScalarCode.literal(b.max()), cDeclaration(), path)
                .endControlFlow().build();
    }

    /** {@code store$x}: read-modify-write of the load (or of each byte), other bits unchanged. */
    CodeBlock storeBody() {
        return storeBody(true);
    }

    /**
     * The store; {@code maskValue} false leaves out the mask of the value, for the setter of an
     * unsigned field just after its range check (the value has no bit outside the width then).
     */
    private CodeBlock storeBody(boolean maskValue) {
        int w = b.width();
        String v = switch (b.declared().java()) {
            case BOOLEAN -> "(value ? 1L : 0L)";
            case LONG -> "value"; // a cast would be redundant (javac -Xlint:cast)
            default -> "(long) value";
        };
        CodeBlock.Builder c = CodeBlock.builder().addStatement("long v = $L", v);
        if (loadSize > 0) {
            long mask = (w == 64 ? -1L : (1L << w) - 1) << shift;
            String l = layout(loadSize);
            String carrier = carrier(loadSize);
            if (loadSize == 8) {
                c.addStatement("long old = segment.get($L, $L)", l, at(loadOffset));
                c.addStatement("segment.set($L, $L, (old & $L) | ((v << $L) & $L))", l, at(loadOffset), hexLong(~mask), shift, hexLong(mask));
            } else {
                c.addStatement("int old = segment.get($L, $L)", l, at(loadOffset));
                // an int carrier needs no cast of the int expression (javac -Xlint:cast calls it redundant)
                String cast = carrier.equals("int") ? "" : "(" + carrier + ") ";
                if (maskValue) {
                    c.addStatement("segment.set($L, $L, $L((old & $L) | (((int) v << $L) & $L)))", l, at(loadOffset), cast,
                            hexInt(~mask), shift, hexInt(mask));
                } else {
                    c.addStatement("segment.set($L, $L, $L((old & $L) | ((int) v << $L)))", l, at(loadOffset), cast,
                            hexInt(~mask), shift);
                }
            }
            return c.build();
        }
        int sh = at.shift();
        long n = at.endByte() - at.firstByte();
        for (int i = 0; i < n; i++) {
            long lo = Math.max(at.bitOffset(), 8 * (at.firstByte() + i));
            long hi = Math.min(at.bitOffset() + w, 8 * (at.firstByte() + i + 1));
            int byteMask = (int) (((1L << (hi - lo)) - 1) << (lo - 8 * (at.firstByte() + i)));
            int pos = 8 * i - sh;
            String part = pos == 0 ? "v" : pos > 0 ? "(v >>> " + pos + ")" : "(v << " + (-pos) + ")";
            CodeBlock where = at(at.firstByte() + i);
            if (byteMask == 0xFF) {
                c.addStatement("segment.set(BITS$$BYTE, $L, (byte) $L)", where, part);
            } else {
                c.addStatement("segment.set(BITS$$BYTE, $L, (byte) ((segment.get(BITS$$BYTE, $L) & $L) | ((int) $L & $L)))",
                        where, where, hexInt(~byteMask & 0xFF), part, hexInt(byteMask));
            }
        }
        return c.build();
    }

    private static String hexInt(long v) {
        return String.format("0x%X", (int) v);
    }

    private static String hexLong(long v) {
        return String.format("0x%XL", v);
    }

    /** Adds getter, setter, {@code check$x} and {@code store$x}. */
    void addTo(TypeSpec.Builder t, MethodSpec.Builder getter, MethodSpec.Builder setter, MethodSpec.Builder check,
               MethodSpec.Builder store, CodeBlock path) {
        t.addMethod(getter.addJavadoc("<p>C {@code $L}: bits $L..$L of the struct (bit 0 is the least significant bit of byte 0).\n",
                        cDeclaration(), at.bitOffset(), at.bitOffset() + b.width() - 1)
                .addCode(getterBody()).build());
        if (b.narrowed()) {
            setter.addStatement("check$$$L(value)", name);
        }
        if (b.narrowed() && !b.signed() && !bool() && loadSize > 0 && loadSize <= 4) {
            // checked just above: the store needs no mask of the value (as hand-written code does)
            t.addMethod(setter.addCode(storeBody(false)).build());
        } else {
            t.addMethod(setter.addStatement("store$$$L(segment, offset, value)", name).build());
        }
        if (b.narrowed()) {
            t.addMethod(check.addCode(checkBody(path)).build());
        }
        t.addMethod(store.addCode(storeBody()).build());
    }

    /** {@return whether the declared C type is bool} */
    boolean bool() {
        return b.declared().ctype() == CType.BOOL;
    }
}
