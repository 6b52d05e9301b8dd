package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.processor.check.Message;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout lock ({@code -Astructbridge.layoutLock}): each row of the compatibility table in docs/layout-lock.md as
 * a record compiled against the lock of its version 1, with the verdict and the element it is reported on; the
 * lock's facts against gcc's {@code offsetof}/{@code sizeof} of the generated header.
 */
class LayoutLockDiagnosticsTest {
    /** Version 1: every later source is this one changed in one place. */
    private static final String V1 = """
            package lk;
            import io.structbridge.annotations.*;
            @Struct record Tick(
                    long time,
                    @jakarta.validation.constraints.Min(0) int qty,
                    Side side,
                    @Capacity(8) String venue,
                    Pos at) {}
            """;
    private static final String SIDE = """
            package lk;
            import io.structbridge.annotations.*;
            enum Side { @Code(1) BUY, @Code(2) SELL }
            """;
    private static final String POS = """
            package lk;
            import io.structbridge.annotations.*;
            @Struct record Pos(float x, float y) {}
            """;

    @TempDir
    static Path shared;
    private static Path v1Lock;

    @BeforeAll
    static void lockVersion1() {
        v1Lock = shared.resolve("lock-v1");
        DiskCompilation c = compile(shared.resolve("v1"), v1Lock, V1, SIDE, POS);
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
    }

    private static DiskCompilation compile(Path dir, Path lock, String tick, String side, String pos) {
        return DiskCompilation.compile(dir, Map.of("lk.Tick", tick, "lk.Side", side, "lk.Pos", pos),
                "-Astructbridge.layoutLock=" + lock);
    }

    /** {@return a copy of the version-1 lock folder} */
    private static Path lockCopy(Path dir) throws IOException {
        Path copy = Files.createDirectories(dir.resolve("lock"));
        try (Stream<Path> s = Files.list(v1Lock)) {
            for (Path p : s.toList()) {
                Files.copy(p, copy.resolve(p.getFileName()));
            }
        }
        return copy;
    }

    /** One verdict: the id and the source line it is reported on (0: the record's line). */
    private record Verdict(String id, long line, String text) {}

    private static List<Verdict> errors(DiskCompilation c) {
        List<Verdict> out = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : c.diagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String m = d.getMessage(Locale.ROOT);
                out.add(new Verdict(m.substring(1, m.indexOf(']')), d.getLineNumber(), m));
            }
        }
        return out;
    }

    /** {@return the 1-based line of {@code source} holding {@code text}} */
    private static long line(String source, String text) {
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(text)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException(text);
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }

    private static void assertOne(List<Verdict> v, Message m, long line, String... says) {
        assertTrue(v.stream().anyMatch(x -> x.id().equals(m.id()) && x.line() == line
                && Stream.of(says).allMatch(x.text()::contains)), () -> m.id() + " on line " + line + " saying "
                + List.of(says) + ", got:\n" + v);
    }

    @Test
    void withoutTheOptionNoLockIsReadOrWritten(@TempDir Path dir) throws IOException {
        DiskCompilation c = DiskCompilation.compile(dir, Map.of("lk.Tick", V1, "lk.Side", SIDE, "lk.Pos", POS));
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        try (Stream<Path> s = Files.walk(dir)) {
            assertEquals(List.of(), s.filter(p -> p.toString().endsWith(".properties")).toList());
        }
    }

    @Test
    void theLockHoldsGccsOffsetsAndSizesAndOneFileAVersion() throws IOException {
        try (Stream<Path> s = Files.list(v1Lock)) {
            assertEquals(List.of("lk.Pos.v1.properties", "lk.Tick.v1.properties"),
                    s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        // a lock is committed and shared: the permissions the umask gives any new file (a file written here is the
        // oracle), not the private ones of a temporary file
        Path probe = Files.writeString(v1Lock.getParent().resolve("umask-probe.txt"), "x");
        assertEquals(Files.getPosixFilePermissions(probe), Files.getPosixFilePermissions(v1Lock.resolve("lk.Tick.v1.properties")));
        Files.delete(probe);
        Properties p = load(v1Lock.resolve("lk.Tick.v1.properties"));
        assertEquals("lk.Tick", p.getProperty("record"));
        assertEquals("1", p.getProperty("version"));
        assertEquals("time,qty,side,venue,at,at.x,at.y", p.getProperty("members"));
        String header = Files.readString(shared.resolve("v1/classes/lk/Tick.h"));
        String pos = Files.readString(shared.resolve("v1/classes/lk/Pos.h"));
        // the generated declarations, without their own #include lines, compiled by gcc
        String decls = (strip(pos) + "\n" + strip(header));
        Gcc.Layout tick = Gcc.layout(decls, "Tick", "time", "qty", "side", "venue", "at");
        assertEquals(Long.toString(tick.size()), p.getProperty("size"));
        assertEquals(Long.toString(tick.alignment()), p.getProperty("alignment"));
        for (String m : List.of("time", "qty", "side", "venue", "at")) {
            assertEquals(Long.toString(tick.offset(m)), p.getProperty("member." + m + ".offset"), m);
        }
        Gcc.Layout at = Gcc.layout(decls, "Pos", "x", "y");
        assertEquals(Long.toString(at.offset("y")), p.getProperty("member.at.y.offset"));
        assertEquals(Long.toString(at.size()), p.getProperty("member.at.size"));
        assertEquals("char[8]", p.getProperty("member.venue.c"));
        assertEquals("BUY=1,SELL=2", p.getProperty("member.side.enum"));
        assertEquals("@Min(0)", p.getProperty("member.qty.constraint.1"));
        assertTrue(header.contains(p.getProperty("fingerprint")), "the header carries the locked fingerprint");
    }

    /** {@return a generated header's text without its #include lines and include guard} */
    private static String strip(String header) {
        StringBuilder b = new StringBuilder();
        for (String l : header.split("\n")) {
            if (!l.startsWith("#include \"")) {
                b.append(l).append('\n');
            }
        }
        return b.toString();
    }

    @Test
    void appendingAMemberWithSinceWritesTheNewVersionAndKeepsTheOld(@TempDir Path dir) throws IOException {
        Path lock = lockCopy(dir);
        byte[] before = Files.readAllBytes(lock.resolve("lk.Tick.v1.properties"));
        String v2 = V1.replace("Pos at) {}", "Pos at,\n        @Since(2) double price) {}");
        DiskCompilation c = compile(dir.resolve("c"), lock, v2, SIDE, POS);
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        assertTrue(c.diagnostics().stream().anyMatch(d -> d.getKind() == Diagnostic.Kind.NOTE
                && d.getMessage(Locale.ROOT).startsWith("[" + Message.LOCK_WRITTEN.id() + "] wrote the layout lock of lk.Tick, layout version 2")));
        assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(lock.resolve("lk.Tick.v1.properties")));
        Properties p = load(lock.resolve("lk.Tick.v2.properties"));
        assertEquals("2", p.getProperty("version"));
        assertEquals("2", p.getProperty("member.price.since"));
        assertEquals("1", p.getProperty("member.time.since"));
        // compiling the same record again changes nothing
        byte[] v2Bytes = Files.readAllBytes(lock.resolve("lk.Tick.v2.properties"));
        DiskCompilation again = compile(dir.resolve("again"), lock, v2, SIDE, POS);
        assertTrue(again.success(), () -> String.join("\n", again.errors()));
        assertEquals(new String(v2Bytes, StandardCharsets.UTF_8), Files.readString(lock.resolve("lk.Tick.v2.properties")));
        // and version 1 of the source is now a step back
        List<Verdict> back = errors(compile(dir.resolve("back"), lock, V1, SIDE, POS));
        assertOne(back, Message.LOCK_VERSION_BACKWARDS, line(V1, "record Tick"), "lk.Tick is at layout version 1",
                "holds version 2");
    }

    /**
     * One row of the table: version 1 and version 2 of the sources (package {@code lk} becomes the row's own
     * package, so that every row compiles in one javac run), and what version 2 gets.
     */
    private record Row(String name, String tick1, String side1, String pos1, String tick2, String side2, String pos2,
                       Message id, String on, String... says) {
        Row(String name, String tick2, Message id, String on, String... says) {
            this(name, V1, SIDE, POS, tick2, SIDE, POS, id, on, says);
        }

        String pkg(int i) {
            return "r" + i;
        }
    }

    private static final String UNION = """
            package lk;
            import io.structbridge.annotations.*;
            @Union record Tick(int a, float b) {}
            """;
    /** Version 1 with qty removed, its bytes kept. */
    private static final String RESERVED = V1.replace("@jakarta.validation.constraints.Min(0) int qty", "@Reserved int qty");
    /** Version 1 with qty renamed to quantity. */
    private static final String RENAMED = V1.replace("Min(0) int qty", "Min(0) @FormerName(\"qty\") int quantity");
    private static final String INTS = """
            package lk;
            import io.structbridge.annotations.*;
            @Struct record Tick(int a, int b) {}
            """;

    /** Every row; {@code id == null}: version 2 compiles without an error. */
    private static final List<Row> ROWS = List.of(
            new Row("a new member without @Since", V1.replace("Pos at) {}", "Pos at,\n        double price) {}"),
                    Message.LOCK_MEMBER_UNVERSIONED, "double price", "goes last", "add @Since(2)"),
            new Row("a member inserted before older ones", V1.replace("        long time,", "        long time,\n        @Since(2) int extra,"),
                    Message.SINCE_ORDER, "int qty", "'qty' has @Since(1)", "after 'extra' of @Since(2)"),
            new Row("a member of a later version in a union", UNION, SIDE, POS, UNION.replace("float b) {}", "float b,\n        @Since(2) long c) {}"),
                    SIDE, POS, Message.SINCE_IN_UNION, "long c", "@Since(2) on member 'c' of union Tick"),
            new Row("a member of a later version in the bytes of a removed one",
                    V1.replace("        @Capacity(8) String venue,\n        Pos at) {}", "        @Capacity(8) String venue,\n"
                            + "        @Since(2) double price) {}"),
                    Message.LOCK_MEMBER_INSERTED, "double price", "starts at offset 24", "byte 32"),
            new Row("two members swapped", V1.replace("        long time,\n        @jakarta.validation.constraints.Min(0) int qty,",
                    "        @jakarta.validation.constraints.Min(0) int qty,\n        long time,"),
                    Message.LOCK_MEMBER_CHANGED, "long time", "member 'time' of", "changed since layout version 1", "offset was 0, is 8"),
            new Row("a member widened", V1.replace("Min(0) int qty", "Min(0) long qty"),
                    Message.LOCK_MEMBER_CHANGED, "long qty", "size was 4, is 8", "C type was int32_t, is int64_t"),
            new Row("a member retyped", V1.replace("@jakarta.validation.constraints.Min(0) int qty", "float qty"),
                    Message.LOCK_MEMBER_CHANGED, "float qty", "C type was int32_t, is float"),
            new Row("a text's capacity changed", V1.replace("@Capacity(8) String venue", "@Capacity(12) String venue"),
                    Message.LOCK_MEMBER_CHANGED, "String venue", "C type was char[8], is char[12]"),
            new Row("a nested struct's member widened", V1, SIDE, POS, V1, SIDE, POS.replace("float x, float y", "double x, double y"),
                    Message.LOCK_MEMBER_CHANGED, "Pos at", "'at.x': size was 4, is 8"),
            new Row("a member removed", V1.replace("        @Capacity(8) String venue,\n", ""),
                    Message.LOCK_MEMBER_REMOVED, "record Tick", "member 'venue' of layout version 1 of", "char[8] at offset 16",
                    "declare it @Reserved in its place (a component 'venue' of the same type (String with @Capacity(8), C char[8]), annotated @Reserved)",
                    "@FormerName(\"venue\")"),
            new Row("a member removed, its bytes kept (@Reserved)", V1.replace("@jakarta.validation.constraints.Min(0) int qty", "@Reserved int qty"),
                    null, null),
            new Row("a reserved member whose zero bytes old readers refuse", V1.replace("        Side side,", "        @Reserved Side side,"),
                    Message.RESERVED_DEFAULT, "Side side", "@Reserved on 'side'", "no constant of code 0"),
            new Row("a reserved member whose type changed", V1.replace("@jakarta.validation.constraints.Min(0) int qty", "@Reserved float qty"),
                    Message.LOCK_RESERVED_CHANGED, "float qty", "reserved member 'qty' of", "C type was int32_t, is float"),
            new Row("a reserved member renamed", RESERVED, SIDE, POS, RESERVED.replace("@Reserved int qty", "@Reserved int gone"), SIDE, POS,
                    Message.LOCK_RESERVED_CHANGED, "@Reserved int gone", "its name was qty, is gone", "sb_reserved_qty",
                    "Restore it as locked: a component 'qty' of C type int32_t at offset 8, byte order NATIVE, annotated @Reserved"),
            new Row("a reserved member's byte order changed", RESERVED, SIDE, POS,
                    RESERVED.replace("@Reserved int qty", "@Reserved @Order(Endian.BIG) int qty"), SIDE, POS,
                    Message.LOCK_RESERVED_CHANGED, "@Reserved @Order(Endian.BIG) int qty", "byte order was NATIVE, is BIG",
                    "a reader would refuse those files"),
            new Row("a reserved member's JSON name changed", RESERVED, SIDE, POS,
                    RESERVED.replace("@Reserved int qty", "@Reserved @com.fasterxml.jackson.annotation.JsonProperty(\"zz\") int qty"),
                    SIDE, POS, Message.LOCK_RESERVED_CHANGED, "int qty", "its JSON name was qty, is zz",
                    "its JSON name, which JSON documents of that version hold"),
            new Row("a renamed member reserved (@Reserved keeps @FormerName)", RENAMED, SIDE, POS,
                    RENAMED.replace("@jakarta.validation.constraints.Min(0) @FormerName(\"qty\") int quantity",
                            "@Reserved @FormerName(\"qty\") int quantity"), SIDE, POS, null, null),
            new Row("a member renamed back to its earlier name", RENAMED, SIDE, POS,
                    RENAMED.replace("@FormerName(\"qty\") int quantity", "@FormerName({\"qty\", \"quantity\"}) int qty"), SIDE, POS,
                    null, null),
            new Row("a member of a nested struct reserved in its record", V1, SIDE, POS, V1, SIDE,
                    POS.replace("float y", "@Reserved float y"), null, null),
            new Row("a nested struct's reserved member made live again", V1, SIDE, POS.replace("float y", "@Reserved float y"),
                    V1, SIDE, POS, Message.LOCK_RESERVED_REVIVED, "Pos at", "component 'at.y' of", "holds it as removed"),
            new Row("an enum member reserved while old readers have no code 0 (a constant of code 0 added at the same time)",
                    V1, SIDE, POS, V1.replace("        Side side,", "        @Reserved Side side,"),
                    SIDE.replace("@Code(1) BUY", "@Code(0) NONE, @Code(1) BUY"), POS,
                    Message.RESERVED_DEFAULT, "Side side", "@Reserved on 'side'", "no constant of code 0 (its codes: 1, 2)"),
            new Row("a reserved member deleted", RESERVED, SIDE, POS, RESERVED.replace("        @Reserved int qty,\n", ""), SIDE, POS,
                    Message.LOCK_RESERVED_CHANGED, "record Tick", "reserved member 'qty' of", "it is gone"),
            new Row("a constraint on a reserved member", V1.replace("@jakarta.validation.constraints.Min(0) int qty",
                    "@Reserved @jakarta.validation.constraints.Min(0) int qty"),
                    Message.RESERVED_MISUSE, "int qty", "@Reserved on 'qty'", "its constraints would check nothing"),
            new Row("a removed name reused", RESERVED, SIDE, POS,
                    RESERVED.replace("@Reserved int qty", "@Reserved int gone").replace("Pos at) {}", "Pos at,\n        @Since(2) int qty) {}"),
                    SIDE, POS, Message.LOCK_NAME_REUSED, "@Since(2) int qty", "component 'qty' of", "takes the name of member 'qty'",
                    "removed (@Reserved"),
            new Row("a reserved member made live again", RESERVED, SIDE, POS, RESERVED.replace("@Reserved int qty", "int qty"),
                    SIDE, POS, Message.LOCK_RESERVED_REVIVED, "int qty", "component 'qty' of", "holds it as removed", "with another name and @Since(2)"),
            new Row("a member renamed (@FormerName)", V1.replace("Min(0) int qty", "Min(0) @FormerName(\"qty\") int quantity"),
                    null, null),
            new Row("a member renamed without @FormerName", V1.replace("Min(0) int qty", "Min(0) int quantity"),
                    Message.LOCK_MEMBER_REMOVED, "record Tick", "member 'qty' of layout version 1", "@FormerName(\"qty\")"),
            new Row("a renamed member retyped", V1.replace("Min(0) int qty", "Min(0) @FormerName(\"qty\") long quantity"),
                    Message.LOCK_MEMBER_CHANGED, "long quantity", "member 'quantity' of", "size was 4, is 8"),
            new Row("a former name reused", RENAMED, SIDE, POS,
                    RENAMED.replace("@FormerName(\"qty\") ", "").replace("Pos at) {}", "Pos at,\n        @Since(2) int qty) {}"),
                    SIDE, POS, Message.LOCK_NAME_REUSED, "@Since(2) int qty", "takes the name of member 'quantity'", "renamed from [qty]"),
            new Row("a former name dropped", RENAMED, SIDE, POS, RENAMED.replace("@FormerName(\"qty\") ", ""), SIDE, POS,
                    Message.LOCK_FORMER_NAMES, "int quantity", "former names of member 'quantity' of", "were [qty] in layout version 1",
                    "are []", "Declare @FormerName(\"qty\")"),
            new Row("former names reordered", RENAMED.replace("@FormerName(\"qty\")", "@FormerName({\"qty\", \"q\"})"), SIDE, POS,
                    RENAMED.replace("@FormerName(\"qty\")", "@FormerName({\"q\", \"qty\"})"), SIDE, POS,
                    Message.LOCK_FORMER_NAMES, "int quantity", "were [qty, q]", "are [q, qty]", "oldest first",
                    "Declare @FormerName({\"qty\", \"q\"})"),
            new Row("a member renamed again (@FormerName appended)", RENAMED, SIDE, POS,
                    RENAMED.replace("@FormerName(\"qty\") int quantity", "@FormerName({\"qty\", \"quantity\"}) int amount"), SIDE, POS,
                    null, null),
            new Row("a former name that another member has", V1.replace("Min(0) int qty", "Min(0) @FormerName(\"time\") int qty"),
                    Message.FORMER_NAME, "int qty", "@FormerName(\"time\") on 'qty'", "it is the name of component 'time'"),
            new Row("the byte order changed", V1.replace("Min(0) int qty", "Min(0) @Order(Endian.BIG) int qty"),
                    Message.LOCK_MEMBER_CHANGED, "int qty", "byte order was NATIVE, is BIG"),
            new Row("an enum code changed and reused", V1, SIDE, POS, V1, SIDE.replace("@Code(2) SELL", "@Code(3) SELL, @Code(2) SHORT"), POS,
                    Message.LOCK_MEMBER_CHANGED, "Side side", "enum constant SELL had code 2, has 3 (and SHORT now has 2)"),
            new Row("an enum constant removed", V1, SIDE, POS, V1, SIDE.replace("@Code(2) SELL", "@Code(3) SHORT"), POS,
                    Message.LOCK_MEMBER_CHANGED, "Side side", "enum constant SELL (code 2) is gone"),
            new Row("an enum constant added with a new code", V1, SIDE, POS, V1, SIDE.replace("@Code(2) SELL", "@Code(2) SELL, @Code(3) SHORT"), POS,
                    null, null),
            new Row("a constraint changed", V1.replace("Min(0) int qty", "Min(1) int qty"),
                    Message.LOCK_MEMBER_CHANGED, "int qty", "its constraints were [@Min(0)], are [@Min(1)]"),
            new Row("a JSON name changed", V1.replace("        long time,", "        @com.fasterxml.jackson.annotation.JsonProperty(\"t\") long time,"),
                    Message.LOCK_MEMBER_CHANGED, "long time", "JSON name was time, is t"),
            new Row("only a constraint's message changed", V1.replace("Min(0) int qty", "Min(value = 0, message = \"no short selling\") int qty"),
                    null, null),
            new Row("a member of a later version that raises the alignment", INTS, SIDE, POS,
                    INTS.replace("int b) {}", "int b, @Since(2) double c) {}"), SIDE, POS,
                    Message.LOCK_STRUCT_CHANGED, "record Tick", "its alignment was 4 bytes, is 8"),
            new Row("a member of a later version in the older version's tail padding",
                    V1.replace("Pos at) {}", "Pos at,\n        @Since(2) int extra,\n        @Since(3) int more) {}"),
                    Message.SINCE_PADDING, "int more", "component 'more' (@Since(3)) starts at byte 36, inside the 40 bytes of "
                            + "layout version 2 of Tick (its tail padding is bytes 36 to 39)"),
            new Row("a member of a later version whose zero value is refused",
                    V1.replace("Pos at) {}", "Pos at,\n        @Since(2) @jakarta.validation.constraints.Positive double price) {}"),
                    Message.SINCE_DEFAULT, "double price", "@Positive does not accept 0"),
            new Row("@Since(0)", V1.replace("        long time,", "        @Since(0) long time,"),
                    Message.BAD_SINCE, "long time", "@Since(0) on 'time'"));

    private static Map<String, String> sources(int i, Row r, boolean second) {
        String p = r.pkg(i);
        return Map.of(p + ".Tick", (second ? r.tick2() : r.tick1()).replace("package lk;", "package " + p + ";"),
                p + ".Side", (second ? r.side2() : r.side1()).replace("package lk;", "package " + p + ";"),
                p + ".Pos", (second ? r.pos2() : r.pos1()).replace("package lk;", "package " + p + ";"));
    }

    /** Version 1 of every row in one javac run, locked; then version 2 of every row in one more. */
    private static List<Verdict> secondVersions;

    private static synchronized List<Verdict> secondVersions() throws IOException {
        if (secondVersions == null) {
            Map<String, String> first = new java.util.HashMap<>();
            Map<String, String> second = new java.util.HashMap<>();
            for (int i = 0; i < ROWS.size(); i++) {
                first.putAll(sources(i, ROWS.get(i), false));
                second.putAll(sources(i, ROWS.get(i), true));
            }
            Path lock = shared.resolve("rows-lock");
            DiskCompilation c1 = DiskCompilation.compile(shared.resolve("rows-v1"), first, "-Astructbridge.layoutLock=" + lock);
            assertTrue(c1.success(), () -> String.join("\n", c1.errors()));
            DiskCompilation c2 = DiskCompilation.compile(shared.resolve("rows-v2"), second, "-Astructbridge.layoutLock=" + lock);
            List<Verdict> v = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : c2.diagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    String m = d.getMessage(Locale.ROOT);
                    String file = d.getSource() == null ? "" : d.getSource().toUri().getPath();
                    v.add(new Verdict(m.substring(1, m.indexOf(']')), d.getLineNumber(), file + ": " + m));
                }
            }
            secondVersions = v;
        }
        return secondVersions;
    }

    @TestFactory
    Stream<DynamicTest> eachRowOfTheTable() {
        return java.util.stream.IntStream.range(0, ROWS.size()).mapToObj(i -> DynamicTest.dynamicTest(ROWS.get(i).name(), () -> {
            Row r = ROWS.get(i);
            String dir = "/src/" + r.pkg(i) + "/";
            List<Verdict> mine = secondVersions().stream().filter(v -> v.text().contains(dir)).toList();
            if (r.id() == null) {
                assertEquals(List.of(), mine);
                return;
            }
            assertOne(mine, r.id(), line(r.tick2(), r.on()), r.says());
        }));
    }

    @Test
    void declaredChangesAreRecordedInTheLockOfTheirVersion(@TempDir Path dir) throws IOException {
        Path lock = lockCopy(dir);
        Properties before = load(lock.resolve("lk.Tick.v1.properties"));
        String declared = RESERVED.replace("        long time,", "        @FormerName(\"time\") long stamp,");
        DiskCompilation c = compile(dir.resolve("c"), lock, declared, SIDE, POS);
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        assertTrue(c.diagnostics().stream().anyMatch(d -> d.getKind() == Diagnostic.Kind.NOTE
                && d.getMessage(Locale.ROOT).startsWith("[" + Message.LOCK_WRITTEN.id() + "] wrote the layout lock of lk.Tick, layout version 1")));
        Properties p = load(lock.resolve("lk.Tick.v1.properties"));
        assertEquals("stamp,qty,side,venue,at,at.x,at.y", p.getProperty("members"));
        assertEquals("true", p.getProperty("member.qty.reserved"));
        assertEquals("@Min(0)", p.getProperty("member.qty.constraint.1"), "the constraint old readers enforce stays in the lock");
        assertEquals("time", p.getProperty("member.stamp.former"));
        assertEquals("time", p.getProperty("member.stamp.former.json"));
        assertEquals("stamp", p.getProperty("member.stamp.json"));
        // the facts a struct file depends on stay: offsets, size, alignment and the fingerprint
        for (String k : List.of("size", "alignment", "fingerprint", "member.qty.offset", "member.qty.size", "member.qty.c")) {
            assertEquals(before.getProperty(k), p.getProperty(k), k);
        }
        assertEquals(before.getProperty("member.time.offset"), p.getProperty("member.stamp.offset"));
        // compiling the same record again changes nothing
        byte[] again = Files.readAllBytes(lock.resolve("lk.Tick.v1.properties"));
        DiskCompilation c2 = compile(dir.resolve("again"), lock, declared, SIDE, POS);
        assertTrue(c2.success(), () -> String.join("\n", c2.errors()));
        assertEquals(new String(again, StandardCharsets.UTF_8), Files.readString(lock.resolve("lk.Tick.v1.properties")));
        // and the version-1 source, which still has 'qty' live and 'time' by its old name, is refused by the lock
        List<Verdict> back = errors(compile(dir.resolve("back"), lock, V1, SIDE, POS));
        assertOne(back, Message.LOCK_RESERVED_REVIVED, line(V1, "int qty"), "holds it as removed");
    }

    @Test
    void anUnreadableLockIsRefusedNamingTheFile(@TempDir Path dir) throws IOException {
        Path lock = lockCopy(dir);
        Path file = lock.resolve("lk.Tick.v1.properties");
        Files.writeString(file, Files.readString(file).replaceAll("(?m)^member\\.qty\\.size = .*\n", ""));
        assertOne(errors(compile(dir.resolve("c"), lock, V1, SIDE, POS)), Message.LOCK_UNREADABLE, line(V1, "record Tick"),
                file.toString(), "the key 'member.qty.size' is missing");
        String good = Files.readString(lockCopy(dir.resolve("good")).resolve("lk.Tick.v1.properties"));
        // forged values, each a text of the lock replaced, and the reason the error gives
        String[][] forged = {
                {"BUY\\=1,SELL\\=2", "NONE,BUY\\=1", "the key 'member.side.enum' holds 'NONE', not a constant as NAME=code"},
                {"version = 1", "version = 4294967297", "the key 'version' holds 4294967297, not a layout version (1 to 255)"},
                {"member.qty.since = 1", "member.qty.since = 1\nmember.qty.reserved = maybe",
                        "the key 'member.qty.reserved' holds 'maybe', not true or false"},
                {"members = time,qty,", "members = time,qty,qty,", "the key 'members' lists 'qty' twice"}};
        for (int i = 0; i < forged.length; i++) {
            Files.writeString(file, good.replace(forged[i][0], forged[i][1]));
            assertOne(errors(compile(dir.resolve("f" + i), lock, V1, SIDE, POS)), Message.LOCK_UNREADABLE, line(V1, "record Tick"),
                    forged[i][2]);
        }
        Files.write(file, new byte[] {'r', 'e', (byte) 0xff});
        assertOne(errors(compile(dir.resolve("d"), lock, V1, SIDE, POS)), Message.LOCK_UNREADABLE, line(V1, "record Tick"),
                "it is not UTF-8 text");
    }

    /** A lock folder option naming a regular file: the error says what is in the way, not just the path. */
    @Test
    void aLockFolderThatIsAFileIsNamedWithTheReason(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("lockfile"), "not a folder");
        assertOne(errors(compile(dir.resolve("c"), file, V1, SIDE, POS)), Message.OUTPUT_FAILED, line(V1, "record Tick"),
                "a file is in the way where a folder or a new file belongs: " + file);
    }

    @Test
    void namesAndTextsInTheLockAreData(@TempDir Path dir) throws IOException {
        String odd = """
                package lk;
                import io.structbridge.annotations.*;
                @Struct record Tick(
                        @com.fasterxml.jackson.annotation.JsonProperty(" a=b:c#d!e\\\\f\\n\\u00e9\\u0001 ") int a,
                        @jakarta.validation.constraints.Pattern(regexp = "^[#!=:\\\\\\\\ ]+$") @Capacity(4) String b) {}
                """;
        Path lock = Files.createDirectories(dir.resolve("lock"));
        DiskCompilation c = compile(dir.resolve("c"), lock, odd, SIDE, POS);
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        Properties p = load(lock.resolve("lk.Tick.v1.properties"));
        assertEquals(" a=b:c#d!e\\f\n\u00e9\u0001 ", p.getProperty("member.a.json"));
        assertEquals("@Pattern(regexp=^[#!=:\\\\ ]+$, flags=[])", p.getProperty("member.b.constraint.1"));
        // and the record as it is reads back as unchanged
        DiskCompilation again = compile(dir.resolve("again"), lock, odd, SIDE, POS);
        assertTrue(again.success(), () -> String.join("\n", again.errors()));
    }

    /** A lock records a layout that compiled: a compilation with any structbridge error writes none, nested ones too. */
    @Test
    void aCompilationWithAnErrorWritesNoLock(@TempDir Path dir) throws IOException {
        Path lock = dir.resolve("lock");
        String bad = V1.replace("        long time,", "        @Since(0) long time,");
        DiskCompilation c = compile(dir.resolve("c"), lock, bad, SIDE, POS);
        assertOne(errors(c), Message.BAD_SINCE, line(bad, "long time"), "@Since(0) on 'time'");
        assertEquals(List.of(), listed(lock), "Pos (nested in Tick) is valid, but the compilation failed");
        // the same records without the error: both locks
        DiskCompilation fixed = compile(dir.resolve("fixed"), lock, V1, SIDE, POS);
        assertTrue(fixed.success(), () -> String.join("\n", fixed.errors()));
        assertEquals(List.of("lk.Pos.v1.properties", "lk.Tick.v1.properties"), listed(lock));
    }

    /** SB-PROCESSOR-PATH-INCOMPLETE (no JavaPoet: the checks pass, the generation fails): no lock is written. */
    @Test
    void aProcessorPathWithoutJavaPoetWritesNoLock(@TempDir Path dir) throws Exception {
        Path src = Files.writeString(dir.resolve("Lone.java"),
                "import io.structbridge.annotations.*;\n@Struct\nrecord Lone(int x) {}\n");
        String cp = Compilations.CLASSPATH.stream().map(java.io.File::getPath)
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        String annotations = Compilations.CLASSPATH.stream().map(java.io.File::getPath)
                .filter(p -> p.matches(".*(structbridge-annotations[^/]*\\.jar|/annotations/target/classes/?)"))
                .findFirst().orElseThrow(() -> new AssertionError("no annotations on " + cp));
        Path lock = dir.resolve("lock");
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        Process p = new ProcessBuilder(javac.toString(), "-proc:only", "-processorpath",
                "target/classes" + java.io.File.pathSeparator + annotations,
                "-processor", "io.structbridge.processor.StructProcessor", "-Astructbridge.layoutLock=" + lock,
                "-cp", cp, "-d", dir.toString(), src.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, p.waitFor(), out);
        assertTrue(out.contains("[" + Message.PROCESSOR_PATH_INCOMPLETE.id() + "]") && out.contains("com.palantir.javapoet"), out);
        assertEquals(List.of(), listed(lock), out);
    }

    /** {@return the names of the files in {@code dir}, sorted (none when it does not exist)} */
    private static List<String> listed(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(x -> x.getFileName().toString()).sorted().toList();
        }
    }
}
