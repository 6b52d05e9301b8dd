package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The declared changes of docs/layout-lock.md in the generated C: a {@code @Reserved} member keeps its bytes, so gcc
 * lays out every other member, the size and the alignment as it laid out the record before the member was removed;
 * the header compiles as C11 and C++17 with every warning an error and {@code -pedantic}.
 */
class DeclaredChangesTest {
    private static final String POS = """
            package dc;
            import io.structbridge.annotations.*;
            @Struct record Pos(float x, double y) {}
            """;
    /** Before: every member live. The most aligned members are the ones removed later. */
    private static final String BEFORE = """
            package dc;
            import io.structbridge.annotations.*;
            @Struct record Tick(
                    byte flag,
                    double price,
                    short lots,
                    Pos at,
                    @Capacity(5) String venue,
                    @Length(3) int[] counts,
                    char letter,
                    long last) {}
            """;
    /** After: price, at, counts and last removed with their bytes kept; lots renamed. */
    private static final String AFTER = """
            package dc;
            import io.structbridge.annotations.*;
            @Struct record Tick(
                    byte flag,
                    @Reserved double price,
                    @FormerName("lots") short quantity,
                    @Reserved Pos at,
                    @Capacity(5) String venue,
                    @Reserved @Length(3) int[] counts,
                    char letter,
                    @Reserved long last) {}
            """;

    private static final List<String> KEPT = List.of("flag", "venue", "letter");

    @Test
    void reservedBytesKeepGccsOffsetsSizeAndAlignment(@TempDir Path dir) throws IOException {
        for (String pack : List.of("", "(pack = 2)", "(align = 32)")) {
            String before = BEFORE.replace("@Struct record Tick", "@Struct" + pack + " record Tick");
            String after = AFTER.replace("@Struct record Tick", "@Struct" + pack + " record Tick");
            Path b = dir.resolve("b" + pack.length());
            Path a = dir.resolve("a" + pack.length());
            DiskCompilation cb = DiskCompilation.compile(b, Map.of("dc.Tick", before, "dc.Pos", POS));
            assertTrue(cb.success(), () -> String.join("\n", cb.errors()));
            DiskCompilation ca = DiskCompilation.compile(a, Map.of("dc.Tick", after, "dc.Pos", POS));
            assertTrue(ca.success(), () -> String.join("\n", ca.errors()));
            String hb = Files.readString(b.resolve("classes/dc/Tick.h"));
            String ha = Files.readString(a.resolve("classes/dc/Tick.h"));
            String pos = strip(Files.readString(a.resolve("classes/dc/Pos.h")));
            Gcc.Layout was = Gcc.layout(pos + strip(hb), "Tick", "flag", "lots", "venue", "letter", "price", "at", "counts", "last");
            Gcc.Layout is = Gcc.layout(pos + strip(ha), "Tick", "flag", "quantity", "venue", "letter",
                    "sb_reserved_price", "sb_reserved_at", "sb_reserved_counts", "sb_reserved_last");
            assertEquals(was.size(), is.size(), pack);
            assertEquals(was.alignment(), is.alignment(), pack);
            for (String m : KEPT) {
                assertEquals(was.offset(m), is.offset(m), pack + " " + m);
            }
            assertEquals(was.offset("lots"), is.offset("quantity"), pack);
            for (String m : List.of("price", "at", "counts", "last")) {
                assertEquals(was.offset(m), is.offset("sb_reserved_" + m), pack + " " + m);
            }
            // the struct files of both agree: the fingerprint keeps the removed and the renamed members
            assertEquals(fingerprint(hb), fingerprint(ha));
            assertFalse(ha.contains(" price;") || ha.contains(" last;"), ha);
            for (boolean cxx : List.of(false, true)) {
                Map<String, String> files = new LinkedHashMap<>();
                files.put("main." + (cxx ? "cpp" : "c"), "#include \"Tick.h\"\nint main(void) { return sizeof(Tick) == 0; }\n");
                files.put("Tick.h", ha);
                files.put("Pos.h", Files.readString(a.resolve("classes/dc/Pos.h")));
                Gcc.Result r = Gcc.checkPedantic(cxx, files);
                assertTrue(r.ok(), () -> (cxx ? "g++: " : "gcc: ") + r.output() + "\n" + ha);
            }
        }
    }

    /** Each misuse of a declaration is an SB- error on the component (on the record when it concerns all of them). */
    @Test
    void misusedDeclarationsAreErrorsOnTheComponent(@TempDir Path dir) {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("m1.U", "package m1;\nimport io.structbridge.annotations.*;\n@Union record U(int a,\n @Reserved float b) {}\n");
        sources.put("m2.B", "package m2;\nimport io.structbridge.annotations.*;\n@Struct record B(int a,\n @Reserved @Bits(3) int b) {}\n");
        sources.put("m3.A", "package m3;\nimport io.structbridge.annotations.*;\n@Struct record A(\n @Reserved int a) {}\n");
        sources.put("m4.F", "package m4;\nimport io.structbridge.annotations.*;\n@Struct record F(int a,\n @Reserved @FormerName(\"a\") int b) {}\n");
        sources.put("m5.N", "package m5;\nimport io.structbridge.annotations.*;\n@Struct record N(int a,\n @FormerName(\"x,y\") int b) {}\n");
        sources.put("m6.J", "package m6;\nimport io.structbridge.annotations.*;\n@Struct record J(@com.fasterxml.jackson.annotation.JsonProperty(\"old\") int a,\n"
                + " @FormerName(\"old\") int b) {}\n");
        sources.put("m7.T", "package m7;\nimport io.structbridge.annotations.*;\n@Struct record T(int a,\n @FormerName({\"p\", \"p\"}) int b) {}\n");
        sources.put("m8.O", "package m8;\nimport io.structbridge.annotations.*;\n@Struct record O(long a,\n @Reserved @Offset(4) int b) {}\n");
        // a reserved component's JSON name is accepted and ignored by every JSON reader, so no live member may have it
        sources.put("m9.R", "package m9;\nimport io.structbridge.annotations.*;\n@Struct record R(@com.fasterxml.jackson.annotation.JsonProperty(\"qty\") int a,\n"
                + " @Reserved int qty) {}\n");
        sources.put("m10.Q", "package m10;\nimport io.structbridge.annotations.*;\n@Struct record Q(@FormerName(\"old\") int a,\n"
                + " @Reserved @com.fasterxml.jackson.annotation.JsonProperty(\"old\") int b) {}\n");
        DiskCompilation c = DiskCompilation.compile(dir, sources);
        Map<String, String> want = new LinkedHashMap<>();
        want.put("m8", "[SB-OFFSET-MISMATCH] 'b': asserted offset 4 but the computed offset is 8");
        want.put("m1", "[SB-RESERVED-MISUSE] @Reserved on 'b': every member of a union starts at byte 0");
        want.put("m2", "[SB-RESERVED-MISUSE] @Reserved on 'b': a bit-field shares its storage unit");
        want.put("m3", "[SB-RESERVED-MISUSE] @Reserved on 'a': every component of A is reserved");
        // a member renamed, then removed, keeps its former names (retired with it); another component's name is none
        want.put("m4", "[SB-FORMER-NAME] @FormerName(\"a\") on 'b': it is the name of component 'a'");
        want.put("m5", "[SB-FORMER-NAME] @FormerName(\"x,y\") on 'b': a former name is a name the component had, so a Java identifier");
        want.put("m6", "[SB-FORMER-NAME] @FormerName(\"old\") on 'b': its JSON name \"old\": it is the JSON name of component 'a'");
        want.put("m7", "[SB-FORMER-NAME] @FormerName(\"p\") on 'b': it is a former name of component 'b'");
        want.put("m9", "[SB-RESERVED-MISUSE] @Reserved on 'qty': its JSON name \"qty\" is retired with it, but is the JSON name of component 'a'");
        want.put("m10", "[SB-FORMER-NAME] @FormerName(\"old\") on 'a'");
        for (Map.Entry<String, String> w : want.entrySet()) {
            List<javax.tools.Diagnostic<? extends javax.tools.JavaFileObject>> errors = c.diagnostics().stream()
                    .filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR && d.getSource() != null
                            && d.getSource().toUri().getPath().contains("/" + w.getKey() + "/"))
                    .toList();
            assertTrue(errors.stream().anyMatch(d -> d.getMessage(java.util.Locale.ROOT).startsWith(w.getValue())
                    && d.getLineNumber() == (w.getKey().equals("m3") || w.getKey().equals("m10") ? 3 : 4)), () -> w + " in " + errors);
        }
    }

    /**
     * A struct file written before a member was removed (kept as reserved bytes) and another renamed opens with the
     * new code, and one the new code wrote opens with the old: the declarations keep the fingerprint; the removed
     * member reads as 0 from a new file, and as the record's default through the new code.
     */
    @Test
    void structFilesOpenAcrossDeclaredChanges(@TempDir Path dir) throws Exception {
        String old = "package dcf;\nimport io.structbridge.annotations.*;\n"
                + "@Struct public record Tick(long time, int qty, double price, @Capacity(8) String venue) {}\n";
        String now = old.replace("int qty, double price", "@Reserved int qty, @FormerName(\"price\") double bid");
        try (java.net.URLClassLoader o = loader(dir.resolve("old"), old); java.net.URLClassLoader n = loader(dir.resolve("new"), now)) {
            io.structbridge.runtime.StructType<?> oldType = type(o);
            io.structbridge.runtime.StructType<?> newType = type(n);
            assertEquals(oldType.fingerprint(), newType.fingerprint());
            Path oldFile = dir.resolve("old.sb");
            Path newFile = dir.resolve("new.sb");
            write(oldType, oldFile, make(o, 5L, 7, 2.5, "XS"));
            write(newType, newFile, make(n, 6L, 9, 3.5, "YS"));
            assertEquals(List.of(5L, 0, 2.5, "XS"), values(first(newType, oldFile)), "new code, old file: qty is in no API");
            assertEquals(List.of(6L, 0, 3.5, "YS"), values(first(oldType, newFile)), "old code, new file: qty's bytes are 0");
            assertEquals(List.of(6L, 0, 3.5, "YS"), values(first(newType, newFile)));
        }
    }

    /** The Mojo struct of a record with reserved members compiles (its layout asserted at compile time) with Java's layout. */
    @Test
    void mojoKeepsReservedBytesAsPadding(@TempDir Path dir) throws Exception {
        String mojo = Gcc.tool("mojo");
        DiskCompilation c = DiskCompilation.compile(dir.resolve("c"), Map.of("dc.Tick", AFTER, "dc.Pos", POS));
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        Path pkg = c.classes().resolve("dc");
        Files.copy(Path.of("src/main/resources/io/structbridge/processor/write/mojo/structbridge_rt.mojo"), pkg.resolve("structbridge_rt.mojo"));
        Files.writeString(pkg.resolve("main.mojo"), "from Tick import Tick\n\ndef main():\n    print(Tick.SIZE, Tick.ALIGNMENT, Tick.FINGERPRINT)\n");
        VersionedStructFileLanguagesTest.Run built = VersionedStructFileLanguagesTest.run(pkg, List.of(mojo, "build", "-I", ".", "main.mojo", "-o", "main"));
        assertEquals(0, built.status(), built.output());
        VersionedStructFileLanguagesTest.Run ran = VersionedStructFileLanguagesTest.run(pkg, List.of(pkg.resolve("main").toString()));
        String header = Files.readString(pkg.resolve("Tick.h"));
        Gcc.Layout gcc = Gcc.layout(strip(Files.readString(pkg.resolve("Pos.h"))) + strip(header), "Tick", "flag");
        assertEquals(gcc.size() + " " + gcc.alignment() + " " + fingerprint(header).replaceAll(".* \"|\"", ""), ran.output().strip());
    }

    private static java.net.URLClassLoader loader(Path dir, String source) throws IOException {
        DiskCompilation c = DiskCompilation.compile(dir, Map.of("dcf.Tick", source));
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        return new java.net.URLClassLoader(new java.net.URL[] {c.classes().toUri().toURL()}, DeclaredChangesTest.class.getClassLoader());
    }

    private static io.structbridge.runtime.StructType<?> type(ClassLoader l) throws ReflectiveOperationException {
        return (io.structbridge.runtime.StructType<?>) l.loadClass("dcf.TickStruct").getField("TYPE").get(null);
    }

    private static Record make(ClassLoader l, Object... args) throws ReflectiveOperationException {
        Class<?> r = l.loadClass("dcf.Tick");
        return (Record) r.getDeclaredConstructor(java.util.Arrays.stream(r.getRecordComponents())
                .map(java.lang.reflect.RecordComponent::getType).toArray(Class<?>[]::new)).newInstance(args);
    }

    @SuppressWarnings("unchecked")
    private static <R extends Record> void write(io.structbridge.runtime.StructType<R> type, Path file, Record r) throws IOException {
        try (io.structbridge.runtime.StructFile<R> f = io.structbridge.runtime.StructFile.create(file, type, 1)) {
            f.appendAll(List.of((R) r));
        }
    }

    private static Record first(io.structbridge.runtime.StructType<?> type, Path file) throws IOException {
        try (io.structbridge.runtime.StructFile<?> f = io.structbridge.runtime.StructFile.open(file, type, false)) {
            return f.get(0);
        }
    }

    private static List<Object> values(Record r) throws ReflectiveOperationException {
        List<Object> out = new java.util.ArrayList<>();
        for (java.lang.reflect.RecordComponent c : r.getClass().getRecordComponents()) {
            out.add(c.getAccessor().invoke(r));
        }
        return out;
    }

    private static String fingerprint(String header) {
        int at = header.indexOf("#define SB_FINGERPRINT_Tick \"");
        return header.substring(at, header.indexOf('\n', at));
    }

    /** {@return a generated header's text without its #include lines of other generated headers} */
    static String strip(String header) {
        StringBuilder b = new StringBuilder();
        for (String l : header.split("\n")) {
            if (!l.startsWith("#include \"")) {
                b.append(l).append('\n');
            }
        }
        return b.toString();
    }
}
