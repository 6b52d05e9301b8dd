package io.structbridge.processor.write.cheader;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Encoding;
import io.structbridge.annotations.Endian;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the Arrow C Data Interface export of a struct into its C header, behind the opt-in macro
 * {@code STRUCTBRIDGE_ARROW}:
 * {@code int R_export_arrow(const R *structs, int64_t n, struct ArrowSchema *schema_out, struct ArrowArray *array_out)}
 * and {@code R_export_arrow_message(..., char *message, size_t message_size)}, which also writes the error
 * message (row and member path named) into the caller's buffer.
 *
 * <p><b>Where the code goes.</b> Into the header, as {@code static inline} functions (the storage class is
 * the macro {@code STRUCTBRIDGE_ARROW_API}; define it empty in one translation unit to give
 * {@code R_export_arrow} external linkage, e.g. for a shared library that Python loads with cffi), rather
 * than a companion {@code .c} file: a nested struct's members are reached through the declarations its
 * own header already provides, the build of a C user gets no new file to compile and link (and no symbol
 * clash between two companion files that would both define the common runtime), and users who
 * never define {@code STRUCTBRIDGE_ARROW} compile exactly the header they had (no {@code <stdlib.h>}, no
 * {@code malloc}). What is the same for every struct is not in the header but in the one real header it includes,
 * {@code structbridge_arrow.h} ({@link CArrowRuntime}), written beside the headers into
 * {@code -Astructbridge.headerDir} and held by the runtime jar. The code reads members by name
 * ({@code s->pos.x}, {@code s->corners[i].x}, bit-fields as C bit-fields), so the C compiler, not this writer,
 * locates every value.
 *
 * <p><b>Mapping</b> (the same as the Java {@code io.structbridge.arrow.ArrowExport}, whose Javadoc has the
 * table): a struct array {@code +s} named after the C struct, one child per member, no nulls (flags 0,
 * {@code null_count} 0, validity buffers NULL); {@code bool} a bitmap {@code b}, stored bytes other than 0
 * and 1 refused; integers {@code c s i l C S I L}; {@code float16 e}, {@code float f}, {@code double g};
 * text {@code u} (utf8: the bytes before the first NUL, UTF-8 validated, ASCII checked, Latin-1 converted,
 * a NUL-terminated member without its NUL refused); {@code T[N]} {@code +w:N} with child {@code item};
 * nested structs {@code +s}, nested struct arrays {@code +w:N} of {@code +s}; enums their code type with
 * field metadata {@code structbridge.enum = NAME=code,...}, codes that are no constant refused; bit-fields
 * the smallest integer type of their signedness holding their width ({@code b} for bool). Big- and
 * little-endian members are converted to the host's byte order (the C Data Interface is native-endian).
 * Every buffer is 64-byte aligned and zero-padded to a multiple of 64 bytes.
 *
 * <p><b>Refusal.</b> A struct holding a union (at any depth, tagged or not) or a pointer gets no export
 * functions, only a comment saying why (calling them is then a compile error): the bytes of a union do
 * not say which member is live, and an address means nothing to another process.
 *
 * <p><b>Errors.</b> The functions return 0, or {@code EINVAL} (a NULL output, {@code n < 0}, a NULL
 * {@code structs} with {@code n > 0}, or a stored value that is no valid value), {@code EOVERFLOW} (more
 * than 2^31-1 bytes of text in one batch: utf8 offsets are int32; or {@code n} too large to size the
 * buffers) or {@code ENOMEM}. On an error the outputs are not written and everything allocated is freed.
 */
public final class CArrowExportWriter {
    private final StructLayoutPlan plan;
    private final StringBuilder b = new StringBuilder();
    private int vars;

    public CArrowExportWriter(StructLayoutPlan plan) {
        this.plan = plan;
    }

    /** {@return the section of the header, from {@code #ifdef STRUCTBRIDGE_ARROW} to its {@code #endif}} */
    public String write() {
        String name = plan.model().cName();
        b.append("/* Arrow C Data Interface export (opt in: #define STRUCTBRIDGE_ARROW before including this header). */\n");
        b.append("#ifdef STRUCTBRIDGE_ARROW\n");
        String refusal = refusal(plan.model(), "");
        if (refusal != null) {
            b.append("/* ").append(name).append("_export_arrow is not generated: ").append(refusal.replace("*/", "* /"))
                    .append(" */\n#endif /* STRUCTBRIDGE_ARROW */\n");
            return b.toString();
        }
        b.append("/* the export's runtime: beside this header with -Astructbridge.headerDir, else META-INF/structbridge/")
                .append(CArrowRuntime.FILE).append(" of the structbridge-layout-runtime jar (add its folder with -I) */\n");
        b.append("#include \"").append(CArrowRuntime.FILE).append("\"\n");
        b.append("#ifdef __cplusplus\nextern \"C\" {\n#endif\n");
        b.append("#ifndef STRUCTBRIDGE_ARROW_API\n#define STRUCTBRIDGE_ARROW_API static inline\n#endif\n\n");
        Group root = new Group(name, "", plan.model());
        arrayFunction(name, root);
        schemaFunction(name, root);
        publicFunctions(name, root);
        b.append("#ifdef __cplusplus\n}\n#endif\n");
        b.append("#endif /* STRUCTBRIDGE_ARROW */\n");
        return b.toString();
    }

    // ---- the tree ----------------------------------------------------------------------------

    /** A struct (the root or a nested member): {@code access} the C member path below {@code s->}, {@code path} the error path template. */
    private record Group(String name, String access, StructModel model) {}

    /** {@return why the struct has no Arrow form (a union or a pointer, with its path), or null} */
    static String refusal(StructModel model, String prefix) {
        if (model.union()) {
            return prefix.isEmpty() ? model.cName() + " is a union: the bytes of a union do not say which member is live"
                    : prefix + " lies in union " + model.cName() + ": the bytes of a union do not say which member is live";
        }
        for (FieldModel f : model.fields()) {
            String path = prefix.isEmpty() ? f.name() : prefix + "." + f.name();
            String inner = switch (f.type()) {
                case FieldType.Pointer p -> path + " is a pointer, an address that means nothing outside this process";
                case FieldType.Nested n -> refusal(n.struct(), path);
                case FieldType.NestedArray a -> refusal(a.struct(), path + "[]");
                default -> null;
            };
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    // ---- arrays ------------------------------------------------------------------------------

    private void arrayFunction(String name, Group root) {
        b.append("static inline int ").append(name).append("_arrow_array_(sb_arrow_ctx *sb_x, const ").append(name)
                .append(" *sb_structs, int64_t sb_n, struct ArrowArray *sb_a0) {\n");
        vars = 0;
        group(root, "sb_a0", "", "", List.of(), "    ");
        b.append("    return 0;\n}\n\n");
    }

    /** Fills struct array {@code var} of {@code n * product(dims)} values with the members of {@code g}. */
    private void group(Group g, String var, String access, String path, List<Integer> dims, String in) {
        List<FieldModel> fields = g.model().fields();
        b.append(in).append("if (sb_arrow_array_node(sb_x, ").append(var).append(", ").append(length(dims)).append(", 1, ")
                .append(fields.size()).append(") != 0) {\n").append(in).append("    return sb_x->rc;\n").append(in).append("}\n");
        for (int i = 0; i < fields.size(); i++) {
            FieldModel f = fields.get(i);
            String child = "sb_a" + (++vars);
            b.append(in).append("{\n");
            String inner = in + "    ";
            b.append(inner).append("struct ArrowArray *").append(child).append(" = ").append(var).append("->children[")
                    .append(i).append("];\n");
            member(f, child, access + f.name(), path + f.name(), dims, inner);
            b.append(in).append("}\n");
        }
    }

    private void member(FieldModel f, String var, String access, String path, List<Integer> dims, String in) {
        switch (f.type()) {
            case FieldType.Nested n -> group(new Group(f.name(), access, n.struct()), var, access + ".", path + ".", dims, in);
            case FieldType.NestedArray a -> {
                b.append(in).append("if (sb_arrow_array_node(sb_x, ").append(var).append(", ").append(length(dims))
                        .append(", 1, 1) != 0) {\n").append(in).append("    return sb_x->rc;\n").append(in).append("}\n");
                List<Integer> inner = new ArrayList<>(dims);
                inner.add(a.length());
                String child = "sb_a" + (++vars);
                b.append(in).append("{\n").append(in).append("    struct ArrowArray *").append(child).append(" = ")
                        .append(var).append("->children[0];\n");
                group(new Group("item", access, a.struct()), child, access + "[sb_ix[" + dims.size() + "]].", path + "[].", inner,
                        in + "    ");
                b.append(in).append("}\n");
            }
            case FieldType.PrimitiveArray a -> {
                b.append(in).append("if (sb_arrow_array_node(sb_x, ").append(var).append(", ").append(length(dims))
                        .append(", 1, 1) != 0) {\n").append(in).append("    return sb_x->rc;\n").append(in).append("}\n");
                scalarLeaf(var + "->children[0]", a.element(), access, path, dims, a.length(), in);
            }
            case FieldType.Scalar s -> scalarLeaf(var, s, access, path, dims, 0, in);
            case FieldType.EnumCode e -> enumLeaf(var, e, access, path, dims, in);
            case FieldType.BitField bf -> bitFieldLeaf(var, bf, access, path, dims, in);
            case FieldType.Text t -> textLeaf(var, t, access, path, dims, in);
            case FieldType.Pointer p -> throw new IllegalStateException("pointer " + path + " (refused before)");
        }
    }

    /** {@return the C expression of the value count of a node below {@code dims}: {@code n * N1 * N2...}} */
    private static String length(List<Integer> dims) {
        StringBuilder s = new StringBuilder("sb_n");
        for (int d : dims) {
            s.append(" * ").append(d);
        }
        return s.toString();
    }

    /** Opens the loops over rows and nested-array elements; {@code s} is the row's struct, {@code ix[d]} the indexes. */
    private String loops(List<Integer> dims, String in) {
        b.append(in).append("for (sb_r = 0; sb_r < sb_n; sb_r++) {\n");
        String inner = in + "    ";
        b.append(inner).append("const ").append(plan.model().cName()).append(" *sb_p = sb_structs + sb_r;\n");
        for (int d = 0; d < dims.size(); d++) {
            b.append(inner).append("for (sb_ix[").append(d).append("] = 0; sb_ix[").append(d).append("] < ").append(dims.get(d))
                    .append("; sb_ix[").append(d).append("]++) {\n");
            inner += "    ";
        }
        return inner;
    }

    private void closeLoops(List<Integer> dims, String in) {
        for (int d = dims.size(); d >= 0; d--) {
            b.append(in).append("    ".repeat(d)).append("}\n");
        }
    }

    private void declarations(List<Integer> dims, String in, boolean j) {
        b.append(in).append("int64_t sb_r, sb_k = 0").append(j ? ", sb_j" : "")
                .append(dims.isEmpty() ? "" : ", sb_ix[" + dims.size() + "]").append(";\n");
    }

    private static String index(List<Integer> dims) {
        return dims.isEmpty() ? "NULL" : "sb_ix";
    }

    /** A scalar (or, with {@code listLength > 0}, the {@code item} child of a fixed array) of integers, floats or bools. */
    private void scalarLeaf(String var, FieldType.Scalar s, String access, String path, List<Integer> dims, int listLength,
                            String in) {
        String count = length(dims) + (listLength > 0 ? " * " + listLength : "");
        String elem = listLength > 0 ? access + "[sb_j]" : access;
        b.append(in).append("{\n");
        String in1 = in + "    ";
        declarations(dims, in1, listLength > 0);
        if (s.ctype() == CType.BOOL) {
            b.append(in1).append("unsigned char *sb_bits = (unsigned char *) sb_arrow_leaf(sb_x, ").append(var).append(", ")
                    .append(count).append(", 0);\n");
            b.append(in1).append("if (sb_bits == NULL) {\n").append(in1).append("    return sb_x->rc;\n").append(in1).append("}\n");
            String body = loops(dims, in1);
            if (listLength > 0) {
                b.append(body).append("for (sb_j = 0; sb_j < ").append(listLength).append("; sb_j++) {\n");
                body += "    ";
            }
            b.append(body).append("unsigned char sb_v;\n");
            b.append(body).append("memcpy(&sb_v, &sb_p->").append(elem).append(", 1);\n");
            b.append(body).append("if (sb_v > 1) {\n").append(body).append("    return sb_arrow_bad_bool(sb_x, sb_r, ")
                    .append(cString(path)).append(", ").append(index(dims)).append(", sb_v);\n").append(body).append("}\n");
            b.append(body).append("sb_bits[sb_k >> 3] = (unsigned char) (sb_bits[sb_k >> 3] | (sb_v << (sb_k & 7)));\n");
            b.append(body).append("sb_k++;\n");
            if (listLength > 0) {
                b.append(body.substring(4)).append("}\n");
            }
            closeLoops(dims, in1);
            b.append(in).append("}\n");
            return;
        }
        int size = s.ctype().size();
        String u = "uint" + 8 * size + "_t";
        b.append(in1).append(u).append(" *sb_out = (").append(u).append(" *) sb_arrow_leaf(sb_x, ").append(var).append(", ")
                .append(count).append(", ").append(size).append(");\n");
        b.append(in1).append("if (sb_out == NULL) {\n").append(in1).append("    return sb_x->rc;\n").append(in1).append("}\n");
        String body = loops(dims, in1);
        if (listLength > 0) {
            b.append(body).append("for (sb_j = 0; sb_j < ").append(listLength).append("; sb_j++) {\n");
            body += "    ";
        }
        load(body, u, size, s.order(), "&sb_p->" + elem);
        b.append(body).append("sb_out[sb_k++] = sb_v;\n");
        if (listLength > 0) {
            b.append(body.substring(4)).append("}\n");
        }
        closeLoops(dims, in1);
        b.append(in).append("}\n");
    }

    /** Declares {@code v} of type {@code u} holding the bits at {@code address} in the host's byte order. */
    private void load(String in, String u, int size, Endian order, String address) {
        b.append(in).append(u).append(" sb_v;\n");
        b.append(in).append("memcpy(&sb_v, ").append(address).append(", ").append(size).append(");\n");
        if (size > 1 && order != Endian.NATIVE) {
            b.append(in).append("if (").append(order == Endian.BIG ? "!" : "").append("sb_arrow_big_host()) {\n")
                    .append(in).append("    sb_v = sb_arrow_swap").append(8 * size).append("(sb_v);\n").append(in).append("}\n");
        }
    }

    private void enumLeaf(String var, FieldType.EnumCode e, String access, String path, List<Integer> dims, String in) {
        int size = e.ctype().size();
        boolean signed = CTypes.min(e.ctype()) < 0;
        String u = "uint" + 8 * size + "_t";
        String typed = (signed ? "int" : "uint") + 8 * size + "_t";
        b.append(in).append("{\n");
        String in1 = in + "    ";
        declarations(dims, in1, false);
        b.append(in1).append(u).append(" *sb_out = (").append(u).append(" *) sb_arrow_leaf(sb_x, ").append(var).append(", ")
                .append(length(dims)).append(", ").append(size).append(");\n");
        b.append(in1).append("if (sb_out == NULL) {\n").append(in1).append("    return sb_x->rc;\n").append(in1).append("}\n");
        String body = loops(dims, in1);
        load(body, u, size, e.order(), "&sb_p->" + access);
        b.append(body).append(typed).append(" sb_code;\n");
        b.append(body).append("memcpy(&sb_code, &sb_v, ").append(size).append(");\n");
        b.append(body).append("switch (sb_code) {\n");
        java.util.Set<Long> seen = new java.util.TreeSet<>();
        for (FieldType.EnumConstant c : e.constants()) {
            if (seen.add(c.code())) {
                b.append(body).append("case ").append(literal(c.code(), signed, size)).append(":\n");
            }
        }
        b.append(body).append("    break;\n").append(body).append("default:\n").append(body).append("    return ")
                .append(signed ? "sb_arrow_bad_enum(sb_x, sb_r, " : "sb_arrow_bad_enum_unsigned(sb_x, sb_r, ").append(cString(path))
                .append(", ").append(index(dims)).append(signed ? ", (long long) sb_code, " : ", (unsigned long long) sb_code, ")
                .append(cString(enumConstants(e))).append(");\n");
        b.append(body).append("}\n");
        b.append(body).append("sb_out[sb_k++] = sb_v;\n");
        closeLoops(dims, in1);
        b.append(in).append("}\n");
    }

    private void bitFieldLeaf(String var, FieldType.BitField f, String access, String path, List<Integer> dims, String in) {
        b.append(in).append("{\n");
        String in1 = in + "    ";
        declarations(dims, in1, false);
        if (f.declared().ctype() == CType.BOOL) {
            b.append(in1).append("unsigned char *sb_bits = (unsigned char *) sb_arrow_leaf(sb_x, ").append(var).append(", ")
                    .append(length(dims)).append(", 0);\n");
            b.append(in1).append("if (sb_bits == NULL) {\n").append(in1).append("    return sb_x->rc;\n").append(in1).append("}\n");
            String body = loops(dims, in1);
            b.append(body).append("if (sb_p->").append(access).append(") {\n").append(body)
                    .append("    sb_bits[sb_k >> 3] = (unsigned char) (sb_bits[sb_k >> 3] | (1u << (sb_k & 7)));\n").append(body).append("}\n");
            b.append(body).append("sb_k++;\n");
        } else {
            int size = bitFieldSize(f.width());
            String t = (f.signed() ? "int" : "uint") + 8 * size + "_t";
            b.append(in1).append(t).append(" *sb_out = (").append(t).append(" *) sb_arrow_leaf(sb_x, ").append(var).append(", ")
                    .append(length(dims)).append(", ").append(size).append(");\n");
            b.append(in1).append("if (sb_out == NULL) {\n").append(in1).append("    return sb_x->rc;\n").append(in1).append("}\n");
            String body = loops(dims, in1);
            b.append(body).append("sb_out[sb_k++] = (").append(t).append(") sb_p->").append(access).append(";\n");
        }
        closeLoops(dims, in1);
        b.append(in).append("}\n");
    }

    private void textLeaf(String var, FieldType.Text t, String access, String path, List<Integer> dims, String in) {
        String encoding = switch (t.encoding()) {
            case UTF_8 -> "SB_ARROW_UTF_8";
            case ASCII -> "SB_ARROW_ASCII";
            case LATIN_1 -> "SB_ARROW_LATIN_1";
        };
        int factor = t.encoding() == Encoding.LATIN_1 ? 2 : 1;
        b.append(in).append("{\n");
        String in1 = in + "    ";
        declarations(dims, in1, false);
        b.append(in1).append("sb_arrow_text sb_t;\n");
        b.append(in1).append("if (sb_arrow_text_leaf(sb_x, ").append(var).append(", ").append(length(dims)).append(", ")
                .append(length(dims)).append(" * ").append((long) t.capacity() * factor).append(", &sb_t) != 0) {\n")
                .append(in1).append("    return sb_x->rc;\n").append(in1).append("}\n");
        String body = loops(dims, in1);
        b.append(body).append("if (sb_arrow_text_value(sb_x, &sb_t, sb_k++, (const unsigned char *) sb_p->").append(access).append(", ")
                .append(t.capacity()).append(", ").append(encoding).append(", ").append(t.nulTerminated() ? 1 : 0)
                .append(", sb_r, ").append(cString(path)).append(", ").append(index(dims)).append(") != 0) {\n")
                .append(body).append("    return sb_x->rc;\n").append(body).append("}\n");
        closeLoops(dims, in1);
        b.append(in).append("}\n");
    }

    // ---- schema ------------------------------------------------------------------------------

    private void schemaFunction(String name, Group root) {
        b.append("static inline int ").append(name).append("_arrow_schema_(sb_arrow_ctx *sb_x, struct ArrowSchema *sb_s0) {\n");
        vars = 0;
        schemaGroup(root.model(), "sb_s0", name, "    ");
        b.append("    return 0;\n}\n\n");
    }

    private void node(String var, String format, String name, int children, String in) {
        b.append(in).append("if (sb_arrow_schema_node(sb_x, ").append(var).append(", ").append(cString(format)).append(", ")
                .append(cString(name)).append(", ").append(children).append(") != 0) {\n").append(in)
                .append("    return sb_x->rc;\n").append(in).append("}\n");
    }

    private void schemaGroup(StructModel model, String var, String name, String in) {
        List<FieldModel> fields = model.fields();
        node(var, "+s", name, fields.size(), in);
        for (int i = 0; i < fields.size(); i++) {
            FieldModel f = fields.get(i);
            String child = "sb_s" + (++vars);
            b.append(in).append("{\n");
            String in1 = in + "    ";
            b.append(in1).append("struct ArrowSchema *").append(child).append(" = ").append(var).append("->children[").append(i)
                    .append("];\n");
            switch (f.type()) {
                case FieldType.Nested n -> schemaGroup(n.struct(), child, f.name(), in1);
                case FieldType.NestedArray a -> {
                    node(child, "+w:" + a.length(), f.name(), 1, in1);
                    String item = "sb_s" + (++vars);
                    b.append(in1).append("{\n").append(in1).append("    struct ArrowSchema *").append(item).append(" = ")
                            .append(child).append("->children[0];\n");
                    schemaGroup(a.struct(), item, "item", in1 + "    ");
                    b.append(in1).append("}\n");
                }
                case FieldType.PrimitiveArray a -> {
                    node(child, "+w:" + a.length(), f.name(), 1, in1);
                    node(child + "->children[0]", format(a.element().ctype()), "item", 0, in1);
                }
                case FieldType.Scalar s -> node(child, format(s.ctype()), f.name(), 0, in1);
                case FieldType.EnumCode e -> {
                    node(child, format(e.ctype()), f.name(), 0, in1);
                    b.append(in1).append("if (sb_arrow_enum_metadata(sb_x, ").append(child).append(", ")
                            .append(cString(enumConstants(e))).append(") != 0) {\n").append(in1).append("    return sb_x->rc;\n")
                            .append(in1).append("}\n");
                }
                case FieldType.BitField bf -> node(child, bf.declared().ctype() == CType.BOOL ? "b"
                        : String.valueOf((bf.signed() ? "csil" : "CSIL").charAt(Integer.numberOfTrailingZeros(bitFieldSize(bf.width())))),
                        f.name(), 0, in1);
                case FieldType.Text t -> node(child, "u", f.name(), 0, in1);
                case FieldType.Pointer p -> throw new IllegalStateException("pointer " + f.name() + " (refused before)");
            }
            b.append(in).append("}\n");
        }
    }

    /** {@return the C Data Interface format string of a scalar type} */
    static String format(CType t) {
        return switch (t) {
            case BOOL -> "b";
            case INT8 -> "c";
            case UINT8 -> "C";
            case INT16 -> "s";
            case UINT16 -> "S";
            case INT32 -> "i";
            case UINT32 -> "I";
            case INT64 -> "l";
            case UINT64, UINT64_BITS -> "L";
            case FLOAT16 -> "e";
            case FLOAT -> "f";
            case DOUBLE -> "g";
        };
    }

    private static int bitFieldSize(int width) {
        return width <= 8 ? 1 : width <= 16 ? 2 : width <= 32 ? 4 : 8;
    }

    /** {@return the metadata value {@code NAME=code,...} (declaration order; unsigned 64-bit codes unsigned)} */
    static String enumConstants(FieldType.EnumCode e) {
        boolean signed = CTypes.min(e.ctype()) < 0;
        StringBuilder v = new StringBuilder();
        for (FieldType.EnumConstant c : e.constants()) {
            v.append(v.isEmpty() ? "" : ",").append(c.name()).append('=')
                    .append(signed || c.code() >= 0 ? Long.toString(c.code()) : Long.toUnsignedString(c.code()));
        }
        return v.toString();
    }

    // ---- the public functions ----------------------------------------------------------------

    private void publicFunctions(String name, Group root) {
        long bound = rowBound(root.model(), 1);
        b.append("""
                /*
                 * Exports structs[0..n) as an Arrow struct array (the C Data Interface: arrow.apache.org/docs/format/CDataInterface.html):
                 * fills *schema_out and *array_out, whose release callbacks free all memory of the export (each exactly once;
                 * children are released by their parent unless moved out). Values are copied into 64-byte aligned buffers in the
                 * host's byte order; nothing is nullable. Returns 0, or EINVAL (NULL arguments, n < 0, a stored value that is no
                 * valid value: bool byte not 0/1, invalid UTF-8 or ASCII, text without its NUL, enum code of no constant),
                 * EOVERFLOW (over 2^31-1 bytes of text, or n too large) or ENOMEM; then the outputs are untouched and the error
                 * (row and member path) is written to message (NUL-terminated, cut to message_size bytes) when it is not NULL.
                 * No global state: concurrent calls are safe.
                 */
                """);
        String sig = "int " + name + "_export_arrow_message(const " + name + " *structs, int64_t n, struct ArrowSchema *schema_out, "
                + "struct ArrowArray *array_out, char *message, size_t message_size)";
        String sig4 = "int " + name + "_export_arrow(const " + name + " *structs, int64_t n, struct ArrowSchema *schema_out, "
                + "struct ArrowArray *array_out)";
        b.append("STRUCTBRIDGE_ARROW_API ").append(sig).append(";\n");
        b.append("STRUCTBRIDGE_ARROW_API ").append(sig4).append(";\n\n");
        b.append("STRUCTBRIDGE_ARROW_API ").append(sig).append(" {\n");
        b.append("""
                    sb_arrow_ctx xs, xa;
                    struct ArrowSchema schema;
                    struct ArrowArray array;
                    int rc = 0;
                    memset(&schema, 0, sizeof schema);
                    memset(&array, 0, sizeof array);
                    xs.owner = NULL;
                    xa.owner = NULL;
                    xs.rc = xa.rc = 0;
                    xs.message = xa.message = message;
                    xs.message_size = xa.message_size = message_size;
                    xs.message_length = xa.message_length = 0;
                    if (message != NULL && message_size > 0) {
                        message[0] = '\\0';
                    }
                    if (schema_out == NULL || array_out == NULL) {
                        return sb_arrow_fail(&xa, EINVAL, "schema_out and array_out must not be NULL");
                    }
                    if (n < 0 || (n > 0 && structs == NULL)) {
                        return sb_arrow_fail(&xa, EINVAL, n < 0 ? "n is negative" : "structs is NULL but n > 0");
                    }
                """);
        b.append("    if (n > INT64_MAX / ").append(bound).append(") {\n")
                .append("        return sb_arrow_fail(&xa, EOVERFLOW, \"n is too large: the buffers would exceed 2^63 bytes\");\n")
                .append("    }\n");
        b.append("    rc = sb_arrow_begin(&xa);\n");
        b.append("    if (rc == 0) {\n        rc = ").append(name).append("_arrow_array_(&xa, structs, n, &array);\n    }\n");
        b.append("    if (rc == 0) {\n        rc = sb_arrow_begin(&xs);\n    }\n");
        b.append("    if (rc == 0) {\n        rc = ").append(name).append("_arrow_schema_(&xs, &schema);\n    }\n");
        b.append("    return sb_arrow_finish(rc, &xs, &schema, schema_out, &xa, &array, array_out);\n}\n\n");
        b.append("STRUCTBRIDGE_ARROW_API ").append(sig4).append(" {\n");
        b.append("    return ").append(name).append("_export_arrow_message(structs, n, schema_out, array_out, NULL, 0);\n}\n\n");
    }

    /**
     * {@return an upper bound of the bytes the buffers of one row take (at least 64)}: {@code n} at most
     * {@code INT64_MAX / bound} keeps every count and byte size the code computes within {@code int64_t}.
     */
    private static long rowBound(StructModel model, long times) {
        long sum = 64;
        for (FieldModel f : model.fields()) {
            long per = switch (f.type()) {
                case FieldType.Nested n -> rowBound(n.struct(), times);
                case FieldType.NestedArray a -> rowBound(a.struct(), times * a.length());
                case FieldType.PrimitiveArray a -> times * a.length() * 8;
                case FieldType.Text t -> times * ((long) t.capacity() * 2 + 8);
                default -> times * 8;
            };
            sum = Math.addExact(sum, per);
        }
        return sum;
    }

    // ---- C spellings ---------------------------------------------------------------------------

    private static String literal(long v, boolean signed, int size) {
        if (!signed) {
            return size == 8 ? "UINT64_C(" + Long.toUnsignedString(v) + ")" : Long.toString(v) + "u";
        }
        if (v == Long.MIN_VALUE) {
            return "(-INT64_C(9223372036854775807) - 1)";
        }
        if (size == 8) {
            return v < 0 ? "(-INT64_C(" + -v + "))" : "INT64_C(" + v + ")";
        }
        return v < 0 ? "(" + v + ")" : Long.toString(v);
    }

    /**
     * {@return {@code s} as a C string literal: printable ASCII except {@code " \ ?} as it is, every
     * other byte of its UTF-8 form as a three-digit octal escape (which, unlike {@code \x}, never
     * swallows the next character; {@code ?} escaped so no trigraph forms)}
     */
    static String cString(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?') {
                out.append((char) c);
            } else {
                out.append(String.format(Locale.ROOT, "\\%03o", c));
            }
        }
        return out.append('"').toString();
    }
}
