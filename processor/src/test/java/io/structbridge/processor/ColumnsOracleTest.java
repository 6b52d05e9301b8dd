package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.oracles.OracleProcess;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.TextEncoding;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code RStruct.COLUMNS} of records with every member kind (nested structs and struct arrays, scalar
 * arrays, text, enums, bool, big-endian and little-endian members, uint64 and raw uint64 bits, float16,
 * bit-fields, a nested union, a pointer, arrays of one element): paths, offsets, sizes, lengths and signedness against gcc on
 * the generated header ({@code offsetof}/{@code sizeof} of each leaf path; for bit-fields the bits an
 * all-ones store sets and whether it reads back negative; an array column's member must be indexable
 * and a scalar column's assignable, which no C array is), kinds, byte orders, array flags, text and enum
 * information against the declarations.
 */
class ColumnsOracleTest {

    private static final Map<String, String> SOURCES = new LinkedHashMap<>();

    static {
        SOURCES.put("col.Mood", """
                package col;
                import io.structbridge.annotations.Code;
                public enum Mood { @Code(-1) SAD, @Code(7) HAPPY }
                """);
        SOURCES.put("col.P", """
                package col;
                import io.structbridge.annotations.*;
                @Struct public record P(float x, @NativeType(CType.UINT8) int tag) {}
                """);
        SOURCES.put("col.U", """
                package col;
                import io.structbridge.annotations.*;
                @Union public record U(int i, float f, P p) {}
                """);
        SOURCES.put("col.All", """
                package col;
                import io.structbridge.annotations.*;
                @Struct(order = Endian.BIG)
                public record All(boolean flag, @NativeType(CType.UINT64_BITS) long raw, @NativeType(CType.UINT64) long u64,
                        @NativeType(CType.FLOAT16) float half, @Order(Endian.LITTLE) short little, P pos,
                        @Length(2) P[] pts, @Length(3) int[] ints, @Capacity(value = 6, encoding = Encoding.LATIN_1) String name,
                        @Capacity(value = 4, nulTerminated = false) String code, @NativeType(CType.INT8) Mood mood, U u,
                        double d, @NativeType(CType.UINT32) long u32, char c16) {}
                """);
        SOURCES.put("col.Flags", """
                package col;
                import io.structbridge.annotations.*;
                @Struct public record Flags(byte lead, @Bits(3) int a, @Bits(13) @NativeType(CType.UINT16) int b,
                        @Bits(1) boolean c, @Bits(40) long wide, int after) {}
                """);
        SOURCES.put("col.Ptr", """
                package col;
                import io.structbridge.annotations.*;
                import java.lang.foreign.MemorySegment;
                @Struct public record Ptr(int n, @Pointer MemorySegment p) {}
                """);
        // finding 07: arrays of one element are arrays (int32_t a[1]), not the scalar of the same type
        SOURCES.put("col.One", """
                package col;
                import io.structbridge.annotations.*;
                @Struct public record One(@Length(1) int[] a, int b, @Length(1) double[] d, @Length(1) P[] ps,
                        @Length(1) @Order(Endian.BIG) short[] s) {}
                """);
    }

    /** What the declarations say about each column: kind, byte order, text and enum facts. */
    private static final Map<String, String> DECLARED = new LinkedHashMap<>();

    static {
        String be = "BIG_ENDIAN";
        String le = "LITTLE_ENDIAN";
        String nat = ByteOrder.nativeOrder().toString();
        put("All", "flag BOOL " + be, "raw UINT64_BITS " + be, "u64 UNSIGNED_INT " + be, "half FLOAT16 " + be,
                "little SIGNED_INT " + le, "pos.x FLOAT " + nat, "pos.tag UNSIGNED_INT " + nat,
                "pts[0].x FLOAT " + nat, "pts[0].tag UNSIGNED_INT " + nat, "pts[1].x FLOAT " + nat,
                "pts[1].tag UNSIGNED_INT " + nat, "ints SIGNED_INT " + be + " array", "name TEXT LATIN_1 nul",
                "code TEXT UTF_8", "mood ENUM " + be + " SAD=-1,HAPPY=7", "u.i SIGNED_INT " + nat + " union=u",
                "u.f FLOAT " + nat + " union=u", "u.p.x FLOAT " + nat + " union=u", "u.p.tag UNSIGNED_INT " + nat + " union=u",
                "d DOUBLE " + be, "u32 UNSIGNED_INT " + be, "c16 UNSIGNED_INT " + be);
        put("Flags", "lead SIGNED_INT " + nat, "a SIGNED_INT bits", "b UNSIGNED_INT bits", "c BOOL bits",
                "wide SIGNED_INT bits", "after SIGNED_INT " + nat);
        put("Ptr", "n SIGNED_INT " + nat, "p POINTER " + nat);
        put("One", "a SIGNED_INT " + nat + " array", "b SIGNED_INT " + nat, "d DOUBLE " + nat + " array",
                "ps[0].x FLOAT " + nat, "ps[0].tag UNSIGNED_INT " + nat, "s SIGNED_INT " + be + " array");
        put("U", "i SIGNED_INT " + nat + " union=", "f FLOAT " + nat + " union=", "p.x FLOAT " + nat + " union=",
                "p.tag UNSIGNED_INT " + nat + " union=");
    }

    private static void put(String struct, String... columns) {
        DECLARED.put(struct, String.join("\n", columns));
    }

    @Test
    void columnsMatchGccAndTheDeclarations(@TempDir Path dir) throws Exception {
        String gcc = Gcc.gcc();
        DiskCompilation compiled = DiskCompilation.compile(dir.resolve("java"), SOURCES);
        assertTrue(compiled.success(), () -> String.join("\n", compiled.errors()));
        List<URL> urls = new ArrayList<>(List.of(compiled.classes().toUri().toURL()));
        for (File f : Compilations.CLASSPATH) {
            urls.add(f.toURI().toURL());
        }
        Map<String, List<Column>> columns = new LinkedHashMap<>();
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ColumnsOracleTest.class.getClassLoader())) {
            for (String s : DECLARED.keySet()) {
                Class<?> struct = loader.loadClass("col." + s + "Struct");
                @SuppressWarnings("unchecked")
                List<Column> list = (List<Column>) struct.getField("COLUMNS").get(null);
                StructType<?> type = (StructType<?>) struct.getField("TYPE").get(null);
                assertEquals(list, type.columns(), "TYPE.columns() is COLUMNS");
                columns.put(s, list);
            }
        }

        // the declarations: kinds, orders, text, enums, unions
        for (Map.Entry<String, List<Column>> e : columns.entrySet()) {
            StringBuilder got = new StringBuilder();
            for (Column c : e.getValue()) {
                got.append(got.isEmpty() ? "" : "\n").append(declared(c));
            }
            assertEquals(DECLARED.get(e.getKey()), got.toString(), e.getKey());
        }

        // gcc: offsets, sizes, signedness, bit positions
        StringBuilder c = new StringBuilder("#include <stdio.h>\n#include <stddef.h>\n#include <string.h>\n");
        for (String s : columns.keySet()) {
            c.append("#include \"").append(s).append(".h\"\n");
        }
        c.append("int main(void) {\n");
        StringBuilder expected = new StringBuilder();
        for (Map.Entry<String, List<Column>> e : columns.entrySet()) {
            String s = e.getKey();
            for (Column col : e.getValue()) {
                String p = col.path();
                if (col.bitField()) {
                    c.append("  { ").append(s).append(" v; unsigned char b[sizeof v]; memset(&v, 0, sizeof v); v.").append(p)
                            .append(col.kind() == Kind.BOOL ? " = 1" : " = -1").append("; memcpy(b, &v, sizeof v);")
                            .append(" int lo = -1, n = 0; for (size_t i = 0; i < 8 * sizeof v; i++) if (b[i / 8] >> (i % 8) & 1) { if (lo < 0) lo = (int) i; n++; }")
                            .append(" printf(\"").append(s).append(' ').append(p).append(" bits %d %d %d\\n\", lo, n, (long long) v.")
                            .append(p).append(" < 0); }\n");
                    long bit = 8 * col.offset() + col.bitShift();
                    expected.append(s).append(' ').append(p).append(" bits ").append(bit).append(' ').append(col.bitWidth())
                            .append(' ').append(col.signed() ? 1 : 0).append('\n');
                } else {
                    // an array column's member must be indexable (an array) and a scalar column's assignable (no array)
                    String elem = col.array() || col.kind() == Kind.TEXT ? p + "[0]" : p;
                    if (!col.array() && col.kind() != Kind.TEXT) {
                        c.append("  { static ").append(s).append(" v; v.").append(p).append(" = v.").append(p).append("; }\n");
                    }
                    c.append("  printf(\"").append(s).append(' ').append(p).append(" %zu %zu %zu %d\\n\", offsetof(").append(s)
                            .append(", ").append(p).append("), sizeof(((").append(s).append(" *) 0)->").append(elem)
                            .append("), sizeof(((").append(s).append(" *) 0)->").append(p).append("), ")
                            .append(col.kind() == Kind.POINTER || col.kind() == Kind.FLOAT16 || col.kind() == Kind.FLOAT
                                    || col.kind() == Kind.DOUBLE || col.kind() == Kind.TEXT ? "0"
                                    : "(__typeof__(((" + s + " *) 0)->" + elem + ")) -1 < 0")
                            .append(");\n");
                    expected.append(s).append(' ').append(p).append(' ').append(col.offset()).append(' ').append(col.elementSize())
                            .append(' ').append(col.byteSize()).append(' ').append(col.signed() ? 1 : 0).append('\n');
                }
            }
        }
        c.append("  return 0;\n}\n");
        Path src = dir.resolve("columns.c");
        Files.writeString(src, c);
        Path exe = dir.resolve("columns");
        run(dir, gcc, "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-Wno-type-limits", "-I", compiled.classes().resolve("col").toString(),
                "-o", exe.toString(), src.toString());
        assertEquals(expected.toString(), run(dir, exe.toString()));
    }

    /** A column as the declarations describe it (no offsets: gcc checks those). */
    private static String declared(Column c) {
        StringBuilder b = new StringBuilder(c.path()).append(' ').append(c.kind());
        if (c.kind() == Kind.TEXT) {
            b.append(' ').append(c.encoding()).append(c.nulTerminated() ? " nul" : "");
            assertEquals(c.kind() == Kind.TEXT ? c.length() : 1, c.byteSize());
        } else if (c.bitField()) {
            b.append(" bits");
        } else {
            b.append(' ').append(c.order());
        }
        if (c.array()) {
            b.append(" array");
        }
        if (c.kind() == Kind.ENUM) {
            b.append(' ').append(String.join(",", c.constants().stream().map(k -> k.name() + "=" + k.code()).toList()));
        }
        if (c.union() != null) {
            b.append(" union=").append(c.union());
        }
        assertTrue(c.encoding() == null || c.encoding() instanceof TextEncoding);
        return b.toString();
    }

    private static String run(Path dir, String... cmd) {
        return OracleProcess.of(cmd).in(dir).mergeErrors().timeout(60).check().stdout();
    }
}
