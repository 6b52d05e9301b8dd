package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.compile;
import static io.structbridge.processor.Compilations.errorIds;
import static io.structbridge.processor.Compilations.ids;
import static io.structbridge.processor.Compilations.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.structbridge.processor.check.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One test (or more) per {@link Message}: each compiles a small record with javac and the
 * processor, and checks the diagnostic's id, its kind, the line it points at (the record, the
 * component or the annotation at fault), that no other structbridge error is reported, and the
 * key phrases that state the rule and the fix. {@link MessageCoverageTest} checks that every
 * message is referenced here.
 *
 * <p>Each source puts the culprit on a line of its own so that {@code onLineContaining} is exact.
 */
class DiagnosticsTest {

    // ------------------------------------------------------------------ helpers

    /** {@return {@code p.<name>} with the package line, the annotations import, then {@code lines}} */
    static JavaFileObject src(String name, String... lines) {
        List<String> all = new ArrayList<>(List.of("package p;", "", "import io.structbridge.annotations.*;", ""));
        all.addAll(List.of(lines));
        return JavaFileObjects.forSourceLines("p." + name, all.toArray(String[]::new));
    }

    /** {@code @Struct record <name>(<components one per line>) {}} */
    static JavaFileObject record(String name, String... components) {
        List<String> lines = new ArrayList<>(List.of("@Struct", "record " + name + "("));
        for (int i = 0; i < components.length; i++) {
            lines.add("        " + components[i] + (i == components.length - 1 ? ") {}" : ","));
        }
        return src(name, lines.toArray(String[]::new));
    }

    static String tag(Message m) {
        return "[" + m.id() + "]";
    }

    /**
     * Compiles, and asserts that the only structbridge errors are {@code expected} (in any order), and
     * that {@code m} is reported in {@code file} on the line containing {@code line}.
     *
     * @return the text of that diagnostic
     */
    static String error(Message m, JavaFileObject file, String line, List<Message> expected, JavaFileObject... others) {
        JavaFileObject[] all = Stream.concat(Stream.of(file), Stream.of(others)).toArray(JavaFileObject[]::new);
        Compilation c = compile(all);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining(tag(m)).inFile(file).onLineContaining(line);
        assertEquals(expected.stream().map(Message::id).sorted().toList(), errorIds(c).stream().sorted().toList(),
                () -> "errors: " + messages(c, Diagnostic.Kind.ERROR));
        return text(c, Diagnostic.Kind.ERROR, m, file);
    }

    /** {@link #error} where {@code m} is the only structbridge error. */
    static String error(Message m, JavaFileObject file, String line, JavaFileObject... others) {
        return error(m, file, line, List.of(m), others);
    }

    /** {@return the text of the one diagnostic of kind and id in {@code file}} */
    static String text(Compilation c, Diagnostic.Kind kind, Message m, JavaFileObject file) {
        List<String> found = c.diagnostics().stream()
                .filter(d -> d.getKind() == kind && d.getSource() != null && d.getSource().toUri().equals(file.toUri()))
                .map(d -> d.getMessage(Locale.ROOT)).filter(t -> t.contains(tag(m))).toList();
        assertEquals(1, found.size(), () -> "expected one " + m + " in " + file.getName() + ": " + found);
        return found.getFirst();
    }

    static JavaFileObject point() {
        return src("Point", "@Struct", "record Point(int x, int y) {}");
    }

    static JavaFileObject color() {
        return src("Color", "enum Color {", "    @Code(1) RED,", "    @Code(2) GREEN", "}");
    }

    // ------------------------------------------------------------------ the record itself

    @Nested
    class TheRecord {
        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                final class NotRec { int x; } | a class
                interface NotRec {}           | an interface
                enum NotRec { A }             | an enum
                @interface NotRec {}          | an annotation type
                abstract class NotRec {}      | a class
                """)
        void notARecord(String declaration, String kind) {
            JavaFileObject f = src("NotRec", "@Struct", declaration);
            String text = error(Message.NOT_A_RECORD, f, "@Struct");
            assertThat(text).contains("@Struct applies to records only, and NotRec is " + kind + ".");
            assertThat(text).contains("Declare it as 'record NotRec(...)'");
        }

        @Test
        void genericRecord() {
            JavaFileObject f = src("Gen", "@Struct", "record Gen<T>(", "        int x) {}");
            String text = error(Message.GENERIC_RECORD, f, "record Gen<T>(");
            assertThat(text).contains("has type parameters");
            assertThat(text).contains("Remove the type parameters");
        }

        @Test
        void privateRecord() {
            JavaFileObject f = src("Outer", "final class Outer {", "    @Struct", "    private record Hidden(int x) {}", "}");
            String text = error(Message.NOT_ACCESSIBLE, f, "private record Hidden");
            assertThat(text).contains("@Struct record Hidden is private");
            assertThat(text).contains("Make it package-private or public");
        }

        @Test
        void recordInsidePrivateClass() {
            JavaFileObject f = src("Outer", "final class Outer {", "    private static final class Box {",
                    "        @Struct", "        record Hidden(int x) {}", "    }", "}");
            String text = error(Message.NOT_ACCESSIBLE, f, "record Hidden(int x)");
            assertThat(text).contains("inside a private class");
        }

        @Test
        void privateEnumOfAComponent() {
            JavaFileObject f = src("Holder", "@Struct", "record Holder(", "        Kind kind) {",
                    "    private enum Kind { @Code(1) A }", "}");
            String text = error(Message.NOT_ACCESSIBLE, f, "Kind kind)");
            assertThat(text).contains("enum Kind is private");
            assertThat(text).doesNotContain("record Kind");
        }

        @Test
        void emptyRecord() {
            JavaFileObject f = src("Nothing", "@Struct", "record Nothing() {}");
            String text = error(Message.EMPTY_STRUCT, f, "record Nothing()");
            assertThat(text).contains("has no components");
            assertThat(text).contains("size 0 in GNU C and 1 in C++");
            assertThat(text).contains("Add at least one component");
        }

        @ParameterizedTest
        @ValueSource(ints = {3, 5, 32, -1})
        void badPack(int pack) {
            JavaFileObject f = src("Packed", "@Struct(pack = " + pack + ")", "record Packed(int x) {}");
            String text = error(Message.BAD_PACK, f, "@Struct(pack = " + pack + ")");
            assertThat(text).contains("@Struct(pack = " + pack + ") on Packed");
            assertThat(text).contains("pack must be 0 (natural), 1, 2, 4, 8 or 16");
        }

        @ParameterizedTest
        @CsvSource({"12, 8", "3, 2", "-8, 1"})
        void structAlignNotPowerOfTwo(int align, int suggestion) {
            JavaFileObject f = src("Al", "@Struct(align = " + align + ")", "record Al(int x) {}");
            String text = error(Message.ALIGN_NOT_POWER_OF_TWO, f, "@Struct(align = " + align + ")");
            assertThat(text).contains("alignment " + align + " on @Struct(align) of Al is not a power of two");
            assertThat(text).contains("e.g. " + suggestion + ".");
        }

        @Test
        void negativeAssertedSize() {
            JavaFileObject f = src("Sized", "@Struct(size = -2)", "record Sized(int x) {}");
            String text = error(Message.BAD_SIZE, f, "@Struct(size = -2)");
            assertThat(text).contains("a size in bytes is at least 1");
            assertThat(text).contains("-1, the default, asserts nothing");
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                NULL     | NULL is a macro
                uint8_t  | uint8_t is a type of <stdint.h>
                size_t   | size_t is a type of <stdint.h> or <stddef.h>
                union    | C or C++ keyword
                _Foo     | reserved for the C implementation
                FILE     | declared by the C standard library headers
                std      | in C++ it is the standard library's namespace
                EOF      | declared by the C standard library headers
                printf   | declared by the C standard library headers
                tm       | declared by the C standard library headers
                timespec | declared by the C standard library headers
                sb_file  | structfile.h declares sb_file and sb_map
                sb_map   | structfile.h declares sb_file and sb_map
                sb_arrow_put | beginning with sb_ are structbridge's own C
                structbridge_arrow | its header would be structbridge_arrow.h, structbridge's C Arrow runtime
                main     | the C and C++ program's entry function
                """)
        void recordNameTheCHeaderCannotHold(String name, String phrase) {
            JavaFileObject f = src(name, "@Struct", "record " + name + "(int x) {}");
            String text = error(Message.C_RESERVED_NAME, f, "record " + name + "(");
            assertThat(text).contains("record name " + name + " cannot be a name in the C header");
            assertThat(text).contains(phrase);
        }
    }

    // ------------------------------------------------------------------ component types

    @Nested
    class ComponentTypes {
        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                java.util.Optional<Integer> value        | Optional has no native form
                java.util.OptionalInt value              | Optional has no native form
                java.util.List<Integer> value            | collections have a variable size. Use an array with @Length(n)
                java.util.Map<String, Integer> value     | collections have a variable size
                Object value                             | Object has no fixed size or layout
                Integer value                            | a boxed value can be null and native memory cannot hold null. Use the primitive int.
                Character value                          | Use the primitive char.
                @Length(2) String[] value                | an array of strings has no fixed element size
                @Length(2) @Capacity(8) String[] value   | an array of strings has no fixed element size
                @Length(4) int[][] value                 | multi-dimensional arrays are not supported. Use a flat array with @Length(rows * columns)
                int[][] value                            | multi-dimensional arrays are not supported
                @Length(2) Integer[] value               | Use the primitive int. (as array elements)
                Runnable value                           | supported are primitives, String with @Capacity
                java.time.Instant value                  | supported are primitives
                """)
        void unsupported(String declaration, String phrase) {
            JavaFileObject f = record("Bad", "int ok", declaration);
            String text = error(Message.UNSUPPORTED_TYPE, f, declaration);
            assertThat(text).contains("component 'value' has type");
            assertThat(text).contains("which has no native representation");
            assertThat(text).contains(phrase);
        }

        @Test
        void typeVariableOfAGenericRecord() {
            JavaFileObject f = src("Gen", "@Struct", "record Gen<T>(", "        T value) {}");
            error(Message.UNSUPPORTED_TYPE, f, "T value", List.of(Message.GENERIC_RECORD, Message.UNSUPPORTED_TYPE));
        }

        @Test
        void stringWithoutCapacity() {
            JavaFileObject f = record("Named", "int id", "String name");
            String text = error(Message.STRING_WITHOUT_CAPACITY, f, "String name");
            assertThat(text).contains("needs a fixed size in bytes: add @Capacity(n)");
            assertThat(text).contains("@Capacity(32) for char name[32]");
        }

        @Test
        void primitiveArrayWithoutLength() {
            JavaFileObject f = record("Samples", "int[] samples");
            String text = error(Message.ARRAY_WITHOUT_LENGTH, f, "int[] samples");
            assertThat(text).contains("needs a fixed element count: add @Length(n) for int samples[n]");
        }

        @Test
        void structArrayWithoutLength() {
            JavaFileObject f = record("Polygon", "Point[] corners");
            String text = error(Message.ARRAY_WITHOUT_LENGTH, f, "Point[] corners", point());
            assertThat(text).contains("add @Length(n) for Point corners[n]");
        }

        @Test
        void nestedRecordWithoutStruct() {
            JavaFileObject plain = src("Plain", "record Plain(int x) {}");
            JavaFileObject f = record("User", "Plain plain");
            String text = error(Message.NESTED_NOT_STRUCT, f, "Plain plain", plain);
            assertThat(text).contains("has record type Plain, which is not annotated @Struct");
            assertThat(text).contains("Annotate Plain with @Struct to nest it");
        }

        @Test
        void arrayOfRecordsWithoutStruct() {
            JavaFileObject plain = src("Plain", "record Plain(int x) {}");
            JavaFileObject f = record("User", "@Length(2) Plain[] plains");
            String text = error(Message.NESTED_NOT_STRUCT, f, "Plain[] plains", plain);
            assertThat(text).contains("Annotate Plain with @Struct");
        }

        @Test
        void nestedStructWithErrorsOfItsOwn() {
            JavaFileObject inner = record("Inner", "String text");
            JavaFileObject f = record("Outer", "int id", "Inner inner");
            String text = error(Message.NESTED_INVALID, f, "Inner inner",
                    List.of(Message.NESTED_INVALID, Message.STRING_WITHOUT_CAPACITY), inner);
            assertThat(text).contains("component 'inner' nests Inner, which has errors of its own; fix those first");
        }

        @Test
        void arrayOfNestedStructsWithErrors() {
            JavaFileObject inner = record("Inner", "String text");
            JavaFileObject f = record("Outer", "@Length(2) Inner[] inners");
            error(Message.NESTED_INVALID, f, "Inner[] inners", List.of(Message.NESTED_INVALID, Message.STRING_WITHOUT_CAPACITY), inner);
        }

        @Test
        void unresolvedType() {
            JavaFileObject f = record("Lost", "int id", "Missing missing");
            Compilation c = compile(f);
            assertThat(c).failed();
            assertThat(c).hadErrorContaining("cannot find symbol").inFile(f).onLineContaining("Missing missing");
            assertThat(c).hadErrorContaining(tag(Message.UNRESOLVED_TYPE)).inFile(f).onLineContaining("Missing missing");
            assertEquals(List.of(Message.UNRESOLVED_TYPE.id()), errorIds(c));
            String text = text(c, Diagnostic.Kind.ERROR, Message.UNRESOLVED_TYPE, f);
            assertThat(text).contains("which javac cannot resolve");
            assertThat(text).contains("'cannot find symbol' error for Missing");
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                @Capacity(Sizes.NAME)    | String name   | Capacity
                @Length(Sizes.COUNT)     | int[] name    | Length
                @Align(Sizes.ALIGN)      | long name     | Align
                @Offset(Sizes.OFFSET)    | int name      | Offset
                """)
        void unresolvedAnnotationValue(String annotation, String declaration, String simpleName) {
            JavaFileObject f = record("Odd", "int ok", annotation + "\n        " + declaration);
            Compilation c = compile(f);
            assertThat(c).failed();
            assertThat(c).hadErrorContaining("cannot find symbol").inFile(f).onLineContaining(annotation);
            assertThat(c).hadErrorContaining(tag(Message.UNRESOLVED_VALUE)).inFile(f).onLineContaining(annotation);
            assertEquals(List.of(Message.UNRESOLVED_VALUE.id()), errorIds(c));
            String text = text(c, Diagnostic.Kind.ERROR, Message.UNRESOLVED_VALUE, f);
            assertThat(text).contains("@" + simpleName + " on 'name' has a value javac cannot resolve");
            assertThat(text).contains("Fix the compile error reported for it");
        }

        @Test
        void unresolvedStructValue() {
            JavaFileObject f = src("Odd", "@Struct(pack = Sizes.PACK)", "record Odd(int a) {}");
            Compilation c = compile(f);
            assertThat(c).hadErrorContaining(tag(Message.UNRESOLVED_VALUE)).inFile(f).onLineContaining("@Struct(pack");
            assertEquals(List.of(Message.UNRESOLVED_VALUE.id()), errorIds(c));
        }

        @Test
        void unresolvedEnumCode() {
            JavaFileObject e = src("Kind", "enum Kind {", "    @Code(Codes.A) A,", "    @Code(2) B", "}");
            JavaFileObject f = record("Holder", "Kind kind");
            Compilation c = compile(f, e);
            assertThat(c).hadErrorContaining(tag(Message.UNRESOLVED_VALUE)).inFile(f).onLineContaining("Kind kind");
            assertThat(text(c, Diagnostic.Kind.ERROR, Message.UNRESOLVED_VALUE, f)).contains("@Code on Kind.A");
            assertEquals(List.of(Message.UNRESOLVED_VALUE.id()), errorIds(c));
        }

        @Test
        void unresolvedArrayElementType() {
            JavaFileObject f = record("Lost", "@Length(2) Missing[] many");
            Compilation c = compile(f);
            assertThat(c).hadErrorContaining(tag(Message.UNRESOLVED_TYPE)).inFile(f).onLineContaining("Missing[] many");
            assertEquals(List.of(Message.UNRESOLVED_TYPE.id()), errorIds(c));
        }
    }

    // ------------------------------------------------------------------ recursion

    @Nested
    class Recursion {
        @Test
        void direct() {
            JavaFileObject f = record("Node", "int value", "Node next");
            String text = error(Message.RECURSIVE, f, "Node next");
            assertThat(text).contains("component 'next' makes p.Node contain itself (p.Node -> p.Node)");
            assertThat(text).contains("a struct of fixed size cannot");
            assertThat(text).contains("Store an index or an offset into an array instead");
        }

        @Test
        void throughAnArray() {
            JavaFileObject f = record("Tree", "int value", "@Length(2) Tree[] children");
            String text = error(Message.RECURSIVE, f, "Tree[] children");
            assertThat(text).contains("(p.Tree -> p.Tree)");
        }

        @Test
        void throughAnotherRecord() {
            JavaFileObject a = record("A", "int x", "B b");
            JavaFileObject b = record("B", "int y", "A a");
            Compilation c = compile(a, b);
            assertThat(c).hadErrorContaining(tag(Message.RECURSIVE)).inFile(a).onLineContaining("B b");
            assertThat(c).hadErrorContaining(tag(Message.RECURSIVE)).inFile(b).onLineContaining("A a");
            assertEquals(List.of(Message.RECURSIVE.id(), Message.RECURSIVE.id()), errorIds(c));
            assertThat(text(c, Diagnostic.Kind.ERROR, Message.RECURSIVE, a)).contains("(p.A -> p.B -> p.A)");
            assertThat(text(c, Diagnostic.Kind.ERROR, Message.RECURSIVE, b)).contains("(p.B -> p.A -> p.B)");
        }

        @Test
        void nestingDeeperThanTheIncludeLimit() {
            List<JavaFileObject> chain = new ArrayList<>();
            for (int i = 0; i <= 33; i++) {
                chain.add(record("N" + i, "int a", i == 33 ? "int v" : "N" + (i + 1) + " next"));
            }
            Compilation c = compile(chain.toArray(JavaFileObject[]::new));
            assertThat(c).hadErrorContaining(tag(Message.NESTING_TOO_DEEP)).inFile(chain.get(1)).onLineContaining("record N1(");
            // N0 nests N1, which has an error of its own.
            assertEquals(List.of("SB-NESTED-INVALID", "SB-NESTING-TOO-DEEP"), errorIds(c).stream().sorted().toList());
            String text = text(c, Diagnostic.Kind.ERROR, Message.NESTING_TOO_DEEP, chain.get(1));
            assertThat(text).contains("N1 nests structs 33 levels deep; structbridge allows 32 levels");
            assertThat(text).contains("C compilers stop at 200 nested includes");
            assertThat(text).contains("Pydantic's JSON Schema of the model recurses per level");
            assertThat(text).contains("Flatten the nesting");
        }

        @Test
        void aRecordNestingARecursiveOneIsOnlyInvalid() {
            JavaFileObject a = record("A", "int x", "B b");
            JavaFileObject b = record("B", "int y", "A a");
            JavaFileObject user = record("User", "A a");
            Compilation c = compile(a, b, user);
            assertThat(c).hadErrorContaining(tag(Message.NESTED_INVALID)).inFile(user).onLineContaining("A a");
            assertEquals(List.of("SB-NESTED-INVALID", "SB-RECURSIVE", "SB-RECURSIVE"), errorIds(c).stream().sorted().toList());
        }
    }

    // ------------------------------------------------------------------ @NativeType

    @Nested
    class NativeTypes {
        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                UINT8  | byte  | uint8_t value (0..255)               | Use short (e.g. @NativeType(UINT8) short).
                UINT32 | int   | uint32_t value (0..4294967295)       | Use long (e.g. @NativeType(UINT32) long).
                UINT16 | short | uint16_t value (0..65535)            | Use int (e.g. @NativeType(UINT16) int).
                DOUBLE | float | double value (binary64)              | Use double.
                INT8   | char  | int8_t value (-128..127)             | Use short (e.g. @NativeType(INT8) short).
                INT64  | int   | int64_t value (-9223372036854775808..9223372036854775807) | Use long
                UINT64 | int   | uint64_t value (0..18446744073709551615) | Use long
                INT32  | short | int32_t value                        | Use int
                """)
        void narrowingTheJavaTypeCannotHold(String ctype, String java, String range, String fix) {
            JavaFileObject f = record("Narrow", "int ok", "@NativeType(CType." + ctype + ")\n        " + java + " value");
            String text = error(Message.NARROWING_CANNOT_HOLD, f, "@NativeType(CType." + ctype + ")");
            assertThat(text).contains("@NativeType(" + ctype + ") on 'value': a Java " + java + " cannot hold every " + range);
            assertThat(text).contains("so reads would lose values");
            assertThat(text).contains(fix);
        }

        @Test
        void narrowingOnArrayElements() {
            JavaFileObject f = record("Raw", "@NativeType(CType.UINT8)\n        @Length(4) byte[] raw");
            String text = error(Message.NARROWING_CANNOT_HOLD, f, "@NativeType(CType.UINT8)");
            assertThat(text).contains("a Java byte cannot hold every uint8_t value");
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                FLOAT | int     | an integer is never stored as a floating-point type | declare the component float
                DOUBLE| long    | bit patterns are not converted                      | declare the component double
                INT8  | boolean | a boolean is stored as bool                         | remove @NativeType
                INT32 | double  | a floating-point value is never stored as an integer type | use FLOAT or DOUBLE
                BOOL  | int     | bool holds a Java boolean only                      | declare the component boolean
                UINT64_BITS | int | UINT64_BITS keeps all 64 bits of a uint64_t in a Java long | declare the component long
                UINT64_BITS | double | UINT64_BITS keeps all 64 bits of a uint64_t in a Java long | or use UINT64 on a long
                FLOAT16 | double | FLOAT16 (IEEE binary16) is held in a Java float | declare the component float
                FLOAT16 | short | FLOAT16 (IEEE binary16) is held in a Java float   | declare the component float
                """)
        void mismatch(String ctype, String java, String rule, String fix) {
            JavaFileObject f = record("Mis", "@NativeType(CType." + ctype + ")\n        " + java + " value");
            String text = error(Message.NATIVE_TYPE_MISMATCH, f, "@NativeType(CType." + ctype + ")");
            assertThat(text).contains("@NativeType(" + ctype + ") on 'value'");
            assertThat(text).contains(rule);
            assertThat(text).contains(fix);
        }
    }

    // ------------------------------------------------------------------ annotations in the wrong place or with bad values

    @Nested
    class Annotations {
        static Stream<Arguments> misplaced() {
            return Stream.of(
                    Arguments.of("@Capacity(4)", "int count", "@Capacity on 'count' does not apply to a component of type int",
                            "@Capacity sizes a String; remove it."),
                    Arguments.of("@Capacity(4)", "@Length(2) int[] count", "@Capacity on 'count' does not apply to a component of type int[]",
                            "an array takes @Length"),
                    Arguments.of("@Length(4)", "@Capacity(8) String count", "@Length on 'count' does not apply to a component of type java.lang.String",
                            "@Length sizes an array; remove it."),
                    Arguments.of("@Length(4)", "Color count", "@Length on 'count'", "@Length sizes an array"),
                    Arguments.of("@Order(Endian.BIG)", "@Capacity(8) String count", "@Order on 'count'",
                            "text is a byte sequence and has no byte order"),
                    Arguments.of("@NativeType(CType.UINT8)", "@Capacity(8) String count", "@NativeType on 'count'",
                            "a String is stored as char[N]"),
                    Arguments.of("@NativeType(CType.INT32)", "Point count", "@NativeType on 'count' does not apply to a component of type p.Point",
                            "a nested struct has its own layout"),
                    Arguments.of("@Order(Endian.BIG)", "Point count", "@Order on 'count'",
                            "a nested struct keeps the byte order of its own declaration"),
                    Arguments.of("@NativeType(CType.INT32)", "@Length(2) Point[] count", "@NativeType on 'count'",
                            "a nested struct has its own layout"));
        }

        @ParameterizedTest
        @MethodSource
        void misplaced(String annotation, String declaration, String what, String why) {
            JavaFileObject f = record("Wrong", "int ok", annotation + "\n        " + declaration);
            String text = error(Message.MISPLACED_ANNOTATION, f, annotation, point(), color());
            assertThat(text).contains(what);
            assertThat(text).contains(why);
        }

        @ParameterizedTest
        @ValueSource(ints = {0, -1})
        void badCapacity(int capacity) {
            JavaFileObject f = record("Cap", "@Capacity(" + capacity + ")\n        String name");
            String text = error(Message.BAD_CAPACITY, f, "@Capacity(" + capacity + ")");
            assertThat(text).contains("@Capacity(" + capacity + ") on 'name': the capacity in bytes must be at least 1");
        }

        @ParameterizedTest
        @ValueSource(ints = {0, -3})
        void badLength(int length) {
            JavaFileObject f = record("Len", "@Length(" + length + ")\n        int[] values");
            String text = error(Message.BAD_LENGTH, f, "@Length(" + length + ")");
            assertThat(text).contains("an array needs at least 1 element");
            assertThat(text).contains("C has no zero-length member arrays");
        }

        @Test
        void badLengthOfStructArray() {
            JavaFileObject f = record("Len", "@Length(0)\n        Point[] points");
            error(Message.BAD_LENGTH, f, "@Length(0)", point());
        }

        @ParameterizedTest
        @CsvSource({"3, 2", "0, 1", "-4, 1", "24, 16"})
        void memberAlignNotPowerOfTwo(int align, int suggestion) {
            JavaFileObject f = record("Al", "byte a", "@Align(" + align + ")\n        int x");
            String text = error(Message.ALIGN_NOT_POWER_OF_TWO, f, "@Align(" + align + ")");
            assertThat(text).contains("alignment " + align + " on @Align of 'x' is not a power of two");
            assertThat(text).contains("C11 6.2.8");
            assertThat(text).contains("e.g. " + suggestion + ".");
        }

        @Test
        void alignInPackedStruct() {
            JavaFileObject f = src("Packed", "@Struct(pack = 1)", "record Packed(", "        byte a,", "        @Align(8)",
                    "        long b) {}");
            String text = error(Message.ALIGN_IN_PACKED, f, "@Align(8)");
            assertThat(text).contains("@Align on 'b' in a packed struct");
            assertThat(text).contains("Drop @Align or @Struct(pack)");
        }

        @Test
        void bitFieldWiderThanItsType() {
            JavaFileObject f = record("Flags", "@Bits(9) @NativeType(CType.UINT8)\n        int flags");
            String text = error(Message.BIT_FIELD, f, "@Bits(9)");
            assertThat(text).contains("@Bits(9) on 'flags': the width must be 1 to 8, the width of uint8_t (C11 6.7.2.1p4");
        }

        @Test
        void bitFieldInAUnion() {
            JavaFileObject f = src("Flags", "@Union", "record Flags(", "        @Bits(3) int flags,", "        int whole) {}");
            assertThat(error(Message.BIT_FIELD, f, "@Bits(3)")).contains("bit-fields in a @Union are not supported");
        }

        @Test
        void bitFieldOfZeroWidthIsAnAttributeOfTheNextOne() {
            JavaFileObject f = record("Flags", "@Bits(0)\n        int flags");
            assertThat(error(Message.BIT_FIELD, f, "@Bits(0)")).contains("zero-width bit-field is zeroWidthBefore on the next one");
        }

        @Test
        void boolBitFieldIsOneBit() {
            JavaFileObject f = record("Flags", "@Bits(2)\n        boolean on");
            assertThat(error(Message.BIT_FIELD, f, "@Bits(2)")).contains("the width must be 1 to 1, the width of bool");
        }

        @Test
        void floatingBitField() {
            JavaFileObject f = record("Flags", "@Bits(3)\n        float f");
            assertThat(error(Message.BIT_FIELD, f, "@Bits(3)")).contains("a bit-field holds an integer or a boolean, and float is neither");
        }

        @Test
        void bitFieldWiderThanTheJavaType() {
            JavaFileObject f = record("Flags", "@Bits(40) @NativeType(CType.INT64)\n        int f");
            assertThat(error(Message.BIT_FIELD, f, "@Bits(40)")).contains("a Java int cannot hold every value of 40 bits of int64_t");
        }

        @Test
        void bigEndianBitField() {
            JavaFileObject f = record("Flags", "@Order(Endian.BIG) @Bits(3)\n        int f");
            assertThat(error(Message.BIT_FIELD, f, "@Bits(3)")).contains("a big-endian bit-field has another allocation");
        }

        @Test
        void offsetOnABitField() {
            JavaFileObject f = record("Flags", "@Offset(0) @Bits(3)\n        int f");
            assertThat(error(Message.BIT_FIELD, f, "@Bits(3)")).contains("@Offset does not apply to a bit-field (C has no offsetof for bit-fields");
        }

        @Test
        void zeroWidthBitFieldThatChangesTheAarch64Alignment() {
            // gcc: x86-64 size 5 alignment 1 (a zero-width uint32_t moves b to byte 4 but does not align the
            // struct); AArch64 size 8 alignment 4 (BitFieldOracleTest measures both compilers)
            Gcc.Layout x86 = Gcc.layout("typedef struct { uint8_t a : 3; uint32_t : 0; uint8_t b : 2; } Z;", "Z");
            JavaFileObject f = src("Z", "@Struct", "record Z(@Bits(3) @NativeType(CType.UINT8) int a,",
                    "        @Bits(value = 2, zeroWidthBefore = CType.UINT32) @NativeType(CType.UINT8) int b) {}");
            String text = error(Message.BIT_FIELD_ABI, f, "record Z(");
            assertThat(text).contains("Z has size " + x86.size() + " and alignment " + x86.alignment()
                    + " on x86-64 but size 8 and alignment 4 on AArch64");
            assertThat(text).contains("Add @Struct(align = 4)");
            // the fix the message proposes compiles
            assertThat(compile(src("Z2", "@Struct(align = 4)", "record Z2(@Bits(3) @NativeType(CType.UINT8) int a,",
                    "        @Bits(value = 2, zeroWidthBefore = CType.UINT32) @NativeType(CType.UINT8) int b) {}"))).succeeded();
        }

        @Test
        void negativeAssertedOffset() {
            JavaFileObject f = record("Off", "@Offset(-1)\n        int x");
            String text = error(Message.BAD_OFFSET, f, "@Offset(-1)");
            assertThat(text).contains("@Offset(-1) on 'x': an offset in bytes is at least 0");
        }
    }

    // ------------------------------------------------------------------ asserted layout (expected numbers from gcc)

    @Nested
    class AssertedLayout {
        @Test
        void sizeMismatchIsReportedAtTheStructAnnotation() {
            Gcc.Layout gcc = Gcc.layout("typedef struct { int32_t a; int64_t b; } Sized;", "Sized", "a", "b");
            JavaFileObject f = src("Sized", "@Struct(size = 12)", "record Sized(", "        int a,", "        long b) {}");
            String text = error(Message.SIZE_MISMATCH, f, "@Struct(size = 12)");
            assertThat(text).contains("Sized: asserted size 12 bytes but the computed size is " + gcc.size()
                    + " bytes (alignment " + gcc.alignment() + ")");
            assertThat(text).contains("Layout:");
            assertThat(text).contains("size: " + gcc.size());
        }

        @Test
        void offsetMismatchIsReportedAtTheOffsetAnnotation() {
            Gcc.Layout gcc = Gcc.layout("typedef struct { int8_t a; int32_t b; } Pinned;", "Pinned", "a", "b");
            JavaFileObject f = record("Pinned", "byte a", "@Offset(1)\n        int b");
            String text = error(Message.OFFSET_MISMATCH, f, "@Offset(1)");
            assertThat(text).contains("'b': asserted offset 1 but the computed offset is " + gcc.offset("b"));
            assertThat(text).contains("Layout:");
        }

        @Test
        void assertionsThatMatchGccCompile() {
            Gcc.Layout gcc = Gcc.layout("typedef struct { int8_t a; int32_t b; int64_t c; } Pinned;", "Pinned", "a", "b", "c");
            JavaFileObject f = src("Pinned", "@Struct(size = " + gcc.size() + ")", "record Pinned(",
                    "        @Offset(" + gcc.offset("a") + ") byte a,", "        @Offset(" + gcc.offset("b") + ") int b,",
                    "        @Offset(" + gcc.offset("c") + ") long c) {}");
            Compilation c = compile(f);
            assertThat(c).succeededWithoutWarnings();
        }
    }

    // ------------------------------------------------------------------ enums

    @Nested
    class Enums {
        @Test
        void constantWithoutCode() {
            JavaFileObject shade = src("Shade", "enum Shade {", "    @Code(1) LIGHT,", "    DARK", "}");
            JavaFileObject f = record("Lamp", "Shade shade");
            String text = error(Message.ENUM_CODE_MISSING, f, "Shade shade", shade);
            assertThat(text).contains("enum constant Shade.DARK has no @Code");
            assertThat(text).contains("ordinals change when constants are added");
            assertThat(text).contains("Add @Code(n)");
        }

        /** Was: compiled, and the generated Python module failed on import (atk11 07: IntEnum refuses _missing_). */
        @Test
        void constantThatPythonsIntEnumRefuses() {
            JavaFileObject hook = src("Hook", "enum Hook {", "    @Code(1) A,", "    @Code(2) _missing_", "}");
            JavaFileObject f = record("Hooked", "Hook hook");
            String text = error(Message.PYTHON_ENUM_CONSTANT, f, "Hook hook", hook);
            assertThat(text).contains("enum constant Hook._missing_ cannot be a member of the generated Python enum.IntEnum Hook");
            assertThat(text).contains("_sunder_");
        }

        @Test
        void duplicateCodes() {
            JavaFileObject dup = src("Dup", "enum Dup {", "    @Code(1) A,", "    @Code(1) B", "}");
            JavaFileObject f = record("Holder", "Dup dup");
            String text = error(Message.ENUM_CODE_DUPLICATE, f, "Dup dup", dup);
            assertThat(text).contains("enum constants Dup.A and B have the same @Code(1); codes must be distinct");
        }

        /** Was: accepted, and the generated JSON codec had a duplicate case label (javac refused it). */
        @Test
        void duplicateJsonNames() {
            JavaFileObject dup = src("Twice", "enum Twice {", "    @Code(1) @com.fasterxml.jackson.annotation.JsonProperty(\"B\") A,",
                    "    @Code(2) B", "}");
            JavaFileObject f = record("Holder", "Twice twice");
            String text = error(Message.ENUM_JSON_NAME_CLASH, f, "Twice twice", dup);
            assertThat(text).contains("enum constants Twice.A and B both have the JSON name \"B\"");
            assertThat(text).contains("Change @JsonProperty");
        }

        @ParameterizedTest
        @ValueSource(ints = {256, -1})
        void codeOutOfRangeForUint8(int code) {
            JavaFileObject wide = src("Wide", "enum Wide {", "    @Code(1) SMALL,", "    @Code(" + code + ") BIG", "}");
            JavaFileObject f = record("Holder", "@NativeType(CType.UINT8)\n        Wide wide");
            String text = error(Message.ENUM_CODE_RANGE, f, "Wide wide", wide);
            assertThat(text).contains("@Code(" + code + ") on Wide.BIG does not fit the component's uint8_t (0..255)");
        }

        @Test
        void codeOutOfRangeForDefaultInt32() {
            JavaFileObject wide = src("Wide", "enum Wide {", "    @Code(4294967296L) BIG", "}");
            JavaFileObject f = record("Holder", "Wide wide");
            String text = error(Message.ENUM_CODE_RANGE, f, "Wide wide", wide);
            assertThat(text).contains("int32_t (-2147483648..2147483647)");
        }

        @ParameterizedTest
        @ValueSource(strings = {"FLOAT", "DOUBLE", "BOOL", "FLOAT16"})
        void enumWithNonIntegerNativeType(String ctype) {
            JavaFileObject f = record("Holder", "@NativeType(CType." + ctype + ")\n        Color color");
            String text = error(Message.ENUM_CTYPE, f, "@NativeType(CType." + ctype + ")", color());
            assertThat(text).contains("enum component 'color' is stored as an integer code; @NativeType(" + ctype
                    + ") is not an integer type");
            assertThat(text).contains("Use INT8..INT64 or UINT8..UINT64");
        }

        @Test
        void enumWithoutConstants() {
            JavaFileObject never = src("Never", "enum Never {}");
            JavaFileObject f = record("Holder", "int id", "Never never");
            String text = error(Message.ENUM_NO_CONSTANTS, f, "Never never", never);
            assertThat(text).contains("enum Never of component 'never' has no constants");
            assertThat(text).contains("Add constants with @Code(n)");
        }
    }

    // ------------------------------------------------------------------ names

    @Nested
    class Names {
        @ParameterizedTest
        @ValueSource(strings = {"unsigned", "signed", "struct", "union", "typedef", "auto", "register", "restrict",
                "inline", "namespace", "template", "delete", "bool", "_Bool", "typeof", "_BitInt", "sizeof", "alignof"})
        void cKeyword(String name) {
            JavaFileObject f = record("Kw", "int ok", "int " + name);
            String text = error(Message.C_KEYWORD, f, "int " + name + ")");
            assertThat(text).contains("component '" + name + "' is a C or C++ keyword");
            assertThat(text).contains("Rename the component");
        }

        @ParameterizedTest
        @ValueSource(strings = {"read", "segment", "offset", "toRecord"})
        void reservedName(String name) {
            JavaFileObject f = record("Res", "int ok", "int " + name);
            String text = error(Message.RESERVED_NAME, f, "int " + name + ")");
            assertThat(text).contains("component '" + name + "' clashes with a generated method of the same name ("
                    + name + "(...))");
            assertThat(text).contains("Rename the component");
        }

        /** Names of generated methods whose signatures cannot clash with an accessor: the generated code compiles. */
        @ParameterizedTest
        @ValueSource(strings = {"write", "check", "writeUnchecked", "layout", "describe", "at", "wrap", "set",
                "get", "view", "stream", "count", "stride", "slice", "equals", "value", "index", "LAYOUT",
                "SIZE", "TYPE", "STRUCT", "Type", "describe"})
        void namesOfOtherGeneratedMembersCompile(String name) {
            JavaFileObject f = record("Fine", "int ok", "@Length(2) int[] " + name);
            Compilation c = compile(f);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).generatedSourceFile("p.FineStruct");
        }

        @Test
        void toStringIsReserved() {
            JavaFileObject f = record("Res", "int ok", "@Capacity(8) String toString");
            error(Message.RESERVED_NAME, f, "String toString");
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                NULL                       | NULL is a macro of <stdint.h> or <stddef.h>
                INT8_MAX                   | INT8_MAX is a macro
                SIZE_MAX                   | SIZE_MAX is a macro
                UINTPTR_MAX                | UINTPTR_MAX is a macro
                __pad                      | reserved for the C implementation (C11 7.1.3)
                _Reserved                  | reserved for the C implementation
                STRUCTBRIDGE_COMMON_MACROS | the header's own macros
                a$b                        | only the ASCII letters, digits and '_'
                a€                         | only the ASCII letters, digits and '_'
                größe                      | only the ASCII letters, digits and '_'
                linux                      | a macro gcc and g++ predefine in the GNU modes (gnu17, gnu++17
                unix                       | a macro gcc and g++ predefine in the GNU modes
                i386                       | a macro gcc and g++ predefine
                COLOR_GREEN                | the form of the macros the generated headers define (enum codes
                SB_ALIGNAS                 | the form of the macros the generated headers define
                X1_y                       | the form of the macros
                EOF                        | a macro of the C standard library headers
                errno                      | a macro of the C standard library headers
                I                          | a macro of the C standard library headers
                complex                    | a macro of the C standard library headers
                """)
        void nameTheCHeaderCannotHold(String name, String phrase) {
            JavaFileObject f = record("Hdr", "int ok", "int " + name);
            String text = error(Message.C_RESERVED_NAME, f, "int " + name + ")");
            assertThat(text).contains("component '" + name + "' cannot be a name in the C header");
            assertThat(text).contains(phrase);
            assertThat(text).contains("Rename it");
        }

        /** Was: accepted, and the generated .mojo declared struct Int32 and then used Int32 as a member type. */
        @ParameterizedTest
        @ValueSource(strings = {"Int", "Int32", "UInt8", "Float64", "Bool", "DType", "Int128", "StaticString"})
        void recordNameShadowingAMojoBuiltin(String name) {
            JavaFileObject f = src(name, "@Struct", "record " + name + "(int a) {}");
            String text = error(Message.MOJO_RESERVED_NAME, f, "record " + name + "(");
            assertThat(text).contains("record name " + name + " cannot name the struct of the generated Mojo file");
            assertThat(text).contains("builtin " + name);
        }

        /** The Mojo struct has set_level() for bit-field level: a component of that name would be a second member. */
        @Test
        void componentNamedLikeAMojoBitFieldSetter() {
            JavaFileObject f = record("Bitty", "@Bits(3) int level", "int set_level");
            String text = error(Message.MOJO_RESERVED_MEMBER, f, "int set_level)");
            assertThat(text).contains("component 'set_level' cannot be a member of the generated Mojo struct: it is the setter of bit-field level");
        }

        /**
         * A Mojo struct has copy() (Copyable): component copy becomes copy_, so a component copy_ would be a second one
         * (SIZE, ALIGNMENT, FINGERPRINT and NAME become SIZE_, ...: names the C header already refuses).
         */
        @Test
        void componentNamedLikeTheMojoNameOfAnother() {
            JavaFileObject f = record("Copied", "int copy", "int copy_");
            String text = error(Message.MOJO_RESERVED_MEMBER, f, "int copy_)");
            assertThat(text).contains("component 'copy_' cannot be a member of the generated Mojo struct: it is the Mojo name of component copy");
        }

        /** The Mojo struct has u_live() for tagged union u. */
        @Test
        void componentNamedLikeAMojoLiveMemberMethod() {
            JavaFileObject k = src("K", "enum K { @Code(1) A, @Code(2) B }");
            JavaFileObject u = src("U", "@Union", "record U(@Case(\"A\") int a, @Case(\"B\") long b) {}");
            JavaFileObject f = src("Live", "@Struct", "record Live(K k, @Tag(\"k\") U u,", "        int u_live) {}");
            String text = error(Message.MOJO_RESERVED_MEMBER, f, "int u_live)", k, u);
            assertThat(text).contains("component 'u_live' cannot be a member of the generated Mojo struct: it is the live-member method of tagged union u");
        }

        @Test
        void recordNameTheCHeaderCannotHold() {
            JavaFileObject f = src("R$1", "@Struct", "record R$1(int a) {}");
            String text = error(Message.C_RESERVED_NAME, f, "record R$1(");
            assertThat(text).contains("record name R$1 cannot be a name in the C header");
            assertThat(text).contains("only the ASCII letters, digits and '_'");
        }

        @Test
        void enumNamesTheCHeaderCannotHold() {
            JavaFileObject e = src("Farbe", "enum Farbe {", "    @Code(1) GR\u00dcN", "}");
            JavaFileObject f = record("Painted", "int a", "Farbe farbe");
            String text = error(Message.C_RESERVED_NAME, f, "Farbe farbe", e);
            assertThat(text).contains("enum constant Farbe.GR\u00dcN (part of the macro of its code) cannot be a name in the C header");
            JavaFileObject e2 = src("F$rbe", "enum F$rbe {", "    @Code(1) A", "}");
            JavaFileObject f2 = record("Painted2", "int a", "F$rbe farbe");
            assertThat(error(Message.C_RESERVED_NAME, f2, "F$rbe farbe", e2)).contains("enum F$rbe (the prefix of its code macros)");
        }

        /** A record's name is its Python module's file name and its class's name (issue 9, H3c). */
        @ParameterizedTest
        @ValueSource(strings = {"numpy", "json", "ctypes", "stat", "typing", "weakref", "fcntl", "os", "mmap", "pydantic",
                "pydantic_core", "cffi", "sys", "_struct", "None", "lambda", "ValueError", "list", "open", "CDEF", "open_array",
                "FINGERPRINT", "SIZE", "NAME", "ALIGNMENT", "structbridge_rt"})
        void recordNamesThePythonModuleCannotTake(String name) {
            JavaFileObject f = src(name, "@Struct", "record " + name + "(int a) {}");
            String text = error(Message.PYTHON_RECORD_NAME, f, "record " + name + "(");
            assertThat(text).contains("record name " + name + " cannot name the generated Python module " + name + ".py");
            assertThat(text).contains(switch (name) {
                case "None", "lambda" -> "is a Python keyword";
                case "ValueError", "list", "open" -> "is a Python builtin";
                case "CDEF", "open_array", "FINGERPRINT", "SIZE", "NAME", "ALIGNMENT" -> "is a name the module itself defines";
                case "structbridge_rt" -> "the file structbridge_rt.py is structbridge's Python runtime, which every generated "
                        + "module imports and the processor writes into -Astructbridge.pythonDir and the Python package";
                default -> "the file " + name + ".py would shadow Python's module " + name;
            });
        }

        @Test
        void recordNamesTheModuleGeneratesForAnother() {
            JavaFileObject inner = src("Inner", "@Struct", "record Inner(int a) {}");
            JavaFileObject clash = src("InnerModel", "@Struct", "record InnerModel(int b) {}");
            JavaFileObject host = record("Host", "Inner i", "InnerModel m");
            String text = error(Message.PYTHON_NAME_CLASH, host, "record Host(", inner, clash);
            assertThat(text).contains("the generated Python module Host.py would bind one name twice: InnerModel (the record) "
                    + "and InnerModel (generated for Inner)");
            JavaFileObject dt = src("Inner_dtype", "@Struct", "record Inner_dtype(int b) {}");
            JavaFileObject host2 = record("Host2", "Inner_dtype d", "Inner i");
            assertThat(error(Message.PYTHON_NAME_CLASH, host2, "record Host2(", inner, dt)).contains("Inner_dtype (the record)");
        }

        /** The module binds an enum.IntEnum per enum, named after the enum: it must not meet another name of the module. */
        @Test
        void enumNamesTheModuleBindsForARecord() {
            JavaFileObject e = src("HostView", "enum HostView {", "    @Code(1) A", "}");
            JavaFileObject host = record("Host", "HostView v");
            String text = error(Message.PYTHON_ENUM_NAME, host, "record Host(", e);
            assertThat(text).contains("the generated Python module Host.py cannot bind the enum.IntEnum class of an enum");
            assertThat(text).contains("HostView (the enum p.HostView) and HostView (generated for Host)");
            JavaFileObject builtin = src("object", "enum object {", "    @Code(1) A", "}");
            JavaFileObject host2 = record("Host2", "object o");
            assertThat(error(Message.PYTHON_ENUM_NAME, host2, "record Host2(", builtin)).contains("object is a Python builtin");
            JavaFileObject keyword = src("None", "enum None {", "    @Code(1) A", "}");
            JavaFileObject host3 = record("Host3", "None n");
            assertThat(error(Message.PYTHON_ENUM_NAME, host3, "record Host3(", keyword)).contains("None is a Python keyword");
        }

        @ParameterizedTest
        @ValueSource(strings = {"_fields_", "_pack_", "_align_", "_anonymous_", "_objects", "_b_base_"})
        void nameCtypesReserves(String name) {
            JavaFileObject f = record("Py", "int ok", "int " + name);
            String text = error(Message.PYTHON_RESERVED_NAME, f, "int " + name + ")");
            assertThat(text).contains("component '" + name + "' cannot be a member name in the generated Python module");
            assertThat(text).contains("ctypes reserves the names of the form _name_");
            assertThat(text).contains("Rename the component");
        }

        @Test
        void patternThePydanticModelCannotCheck() {
            JavaFileObject f = src("Grapheme", "@Struct", "record Grapheme(",
                    "        @Capacity(8) @jakarta.validation.constraints.Pattern(regexp = \"\\\\X\") String s) {}");
            String text = error(Message.PYTHON_PATTERN, f, "String s)");
            assertThat(text).contains("@Pattern \"\\X\" on 's' cannot be checked by the generated Pydantic model");
            assertThat(text).contains("\\X (a grapheme cluster) has no equivalent in Python's re");
            JavaFileObject g = src("Behind", "@Struct", "record Behind(",
                    "        @Capacity(8) @jakarta.validation.constraints.Pattern(regexp = \"(?<=a+)b\") String s) {}");
            assertThat(error(Message.PYTHON_PATTERN, g, "String s)")).contains("fixed-width look-behind");
            JavaFileObject ok = src("Ahead", "@Struct", "record Ahead(",
                    "        @Capacity(8) @jakarta.validation.constraints.Pattern(regexp = \"(?=a)a+\\\\d\") String s) {}");
            Compilation c = compile(ok);
            assertThat(c).succeeded();
        }

        @Test
        void patternFlagsPythonCannotApplyAsJavaDoes() {
            String[][] refused = {
                {"Comments", "COMMENTS", "the flag COMMENTS"},
                {"Canon", "CANON_EQ", "the flag CANON_EQ"},
                {"Folding", "CASE_INSENSITIVE, jakarta.validation.constraints.Pattern.Flag.UNICODE_CASE",
                    "the flags CASE_INSENSITIVE with UNICODE_CASE"}};
            for (String[] r : refused) {
                JavaFileObject f = src(r[0], "@Struct", "record " + r[0] + "(",
                        "        @Capacity(8) @jakarta.validation.constraints.Pattern(regexp = \"a b\", flags = {"
                                + "jakarta.validation.constraints.Pattern.Flag." + r[1] + "}) String s) {}");
                String text = error(Message.PYTHON_PATTERN, f, "String s)");
                assertThat(text).contains("@Pattern \"a b\" on 's' cannot be checked by the generated Pydantic model");
                assertThat(text).contains(r[2]);
            }
            // the flags Python's re applies as Java does compile (their verdicts: PatternFlagsTest in structbridge-jackson)
            JavaFileObject ok = src("Lines", "@Struct", "record Lines(",
                    "        @Capacity(8) @jakarta.validation.constraints.Pattern(regexp = \"^a.$\", flags = {"
                            + "jakarta.validation.constraints.Pattern.Flag.MULTILINE, jakarta.validation.constraints.Pattern.Flag.DOTALL, "
                            + "jakarta.validation.constraints.Pattern.Flag.UNIX_LINES, jakarta.validation.constraints.Pattern.Flag.UNICODE_CASE})"
                            + " String s) {}");
            assertThat(compile(ok)).succeeded();
        }

        @Test
        void textThatIsNotUnicode() {
            JavaFileObject f = src("Lone", "@Struct", "record Lone(",
                    "        @com.fasterxml.jackson.annotation.JsonProperty(\"a\\uD800\") int a) {}");
            String text = error(Message.TEXT_NOT_UNICODE, f, "int a)");
            assertThat(text).contains("the JSON name of 'a' holds an unpaired surrogate (U+D800 at index 1)");
            assertThat(text).contains("Pydantic cannot hold it");
            JavaFileObject p = src("LoneP", "@Struct", "record LoneP(",
                    "        @Capacity(8) @jakarta.validation.constraints.Pattern(regexp = \"x\\uDC00\") String s) {}");
            assertThat(error(Message.TEXT_NOT_UNICODE, p, "String s)")).contains("@Pattern of 's' holds an unpaired surrogate (U+DC00");
            JavaFileObject e = src("Mood", "enum Mood {", "    @Code(1) @com.fasterxml.jackson.annotation.JsonProperty(\"\\uD83D\") SAD", "}");
            JavaFileObject r = record("Moody", "Mood mood");
            assertThat(error(Message.TEXT_NOT_UNICODE, r, "Mood mood", e))
                    .contains("the JSON name of enum constant Mood.SAD in the type of 'mood' holds an unpaired surrogate");
        }

        @Test
        void userClassNamedLikeAGeneratedOne() {
            JavaFileObject f = src("Foo", "@Struct", "record Foo(int a) {}");
            JavaFileObject view = src("FooView", "final class FooView {}");
            String text = error(Message.GENERATED_CLASS_EXISTS, f, "record Foo(", view);
            assertThat(text).contains("@Struct record p.Foo generates the class p.FooView, but a class of that name already exists");
            assertThat(text).contains("Rename the record or that class");
            JavaFileObject validator = src("FooValidator", "final class FooValidator {}");
            assertThat(error(Message.GENERATED_CLASS_EXISTS, f, "record Foo(", validator)).contains("p.FooValidator");
        }

        /**
         * Generated code names a type of another package in full; where the package's first part is also a variable of
         * the generated code ({@code value}), a type of java.lang or of the record's package, the name would not compile:
         * refused on the record, before any file is written (issue 20, item 10).
         */
        @Test
        void aPackageHiddenInTheGeneratedCode() {
            JavaFileObject inner = JavaFileObjects.forSourceLines("value.units.Inner", "package value.units;",
                    "@io.structbridge.annotations.Struct", "public record Inner(int a) {}");
            JavaFileObject outer = record("Outer", "value.units.Inner inner");
            String text = error(Message.HIDDEN_PACKAGE, outer, "record Outer(", inner);
            assertThat(text).contains("the Java generated for p.Outer must name value.units.Inner by its qualified name");
            assertThat(text).contains("its first part 'value' is hidden there by a variable of the generated code");
            assertThat(text).contains("Rename the package");
            // a package named like a type of java.lang, whose record Type must be named in full in TypeStruct
            JavaFileObject type = JavaFileObjects.forSourceLines("Long.Type", "package Long;",
                    "@io.structbridge.annotations.Struct", "public record Type(int a) {}");
            Compilation c = compile(type);
            assertThat(c).hadErrorContaining("its first part 'Long' is hidden there by java.lang.Long").inFile(type)
                    .onLineContaining("record Type(");
            assertEquals(List.of(Message.HIDDEN_PACKAGE.id()), errorIds(c));
            // a type of the record's package named like the JDK's first package part
            JavaFileObject java = src("java", "final class java {}");
            assertThat(error(Message.HIDDEN_PACKAGE, record("Plain", "int a"), "record Plain(", java))
                    .contains("its first part 'java' is hidden there by the type p.java of the record's package");
        }

        /** A type of the unnamed package that a member type of the generated classes hides has no qualified name. */
        @Test
        void aMemberTypeNameInTheUnnamedPackage() {
            JavaFileObject row = JavaFileObjects.forSourceLines("Row", "@io.structbridge.annotations.Struct", "record Row(int a) {}");
            Compilation c = compile(row);
            assertThat(c).hadErrorContaining(tag(Message.HIDDEN_PACKAGE) + " the Java generated for Row must name Row by its "
                    + "qualified name, but a type of the unnamed package has no qualified name").inFile(row).onLineContaining("record Row(");
            assertEquals(List.of(Message.HIDDEN_PACKAGE.id()), errorIds(c));
        }

        /** The same names are fine where nothing hides them (only the generated code's own names could). */
        @Test
        void packagesAndRecordsNamedLikeJavaTypesThatNothingHides() {
            JavaFileObject row = JavaFileObjects.forSourceLines("q.Row", "package q;", "@io.structbridge.annotations.Struct",
                    "public record Row(int a) {}");
            JavaFileObject math = JavaFileObjects.forSourceLines("q.Math", "package q;", "@io.structbridge.annotations.Struct",
                    "public record Math(q.Row row, @io.structbridge.annotations.Capacity(8) java.lang.String s, double d) {}");
            JavaFileObject lng = JavaFileObjects.forSourceLines("q.Long", "package q;", "@io.structbridge.annotations.Struct",
                    "public record Long(q.Math math, long l, @io.structbridge.annotations.NativeType(io.structbridge.annotations.CType.UINT32) long u) {}");
            assertThat(compile(row, math, lng)).succeededWithoutWarnings();
        }

        @Test
        void memberNamedLikeTheTypeOfAMember() {
            JavaFileObject f = record("Outer", "Point Point", "int b");
            String text = error(Message.C_RESERVED_NAME, f, "Point Point", point());
            assertThat(text).contains("member 'Point' is declared with the C type Point");
            assertThat(text).contains("C++");
        }

        @Test
        void memberNamedLikeAStdintTypeThatIsUsed() {
            JavaFileObject f = record("Ints", "int a", "long int32_t");
            String text = error(Message.C_RESERVED_NAME, f, "long int32_t");
            assertThat(text).contains("member 'a' is declared with the C type int32_t");
        }

        @ParameterizedTest
        @CsvSource({"eType, e_type, E_TYPE", "a, A, A", "url, URL, URL", "xY, x_y, X_Y"})
        void namesWhoseConstantsClash(String first, String second, String constant) {
            JavaFileObject f = record("Clash", "int " + first, "int " + second);
            String text = error(Message.NAME_CLASH, f, "int " + second + ")");
            assertThat(text).contains("components '" + first + "' and '" + second + "' both become the constant "
                    + constant + "_OFFSET");
            assertThat(text).contains("Rename one of them");
        }
    }

    // ------------------------------------------------------------------ warnings and notes

    @Nested
    class WarningsAndNotes {
        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                byte b                                   | int8_t
                boolean b                                | bool
                @NativeType(CType.UINT8) int b           | uint8_t
                @Length(4) byte[] b                      | int8_t
                @NativeType(CType.UINT8) Color b         | uint8_t
                """)
        void orderOnASingleByte(String declaration, String cType) {
            JavaFileObject f = record("Bytes", "int ok", "@Order(Endian.BIG)\n        " + declaration);
            Compilation c = compile(f, color());
            assertThat(c).succeeded();
            assertThat(c).hadWarningContaining(tag(Message.ORDER_ON_SINGLE_BYTE)).inFile(f).onLineContaining("@Order(Endian.BIG)");
            assertEquals(List.of(Message.ORDER_ON_SINGLE_BYTE.id()), ids(c, Diagnostic.Kind.WARNING));
            assertThat(text(c, Diagnostic.Kind.WARNING, Message.ORDER_ON_SINGLE_BYTE, f))
                    .contains("@Order on 'b' has no effect: " + cType + " is a single byte");
            assertThat(c).generatedSourceFile("p.BytesStruct");
        }

        @Test
        void paddingHolesNoteSuggestsABetterOrder() {
            Gcc.Layout declared = Gcc.layout("typedef struct { int8_t a; int64_t b; int8_t c; } T;", "T", "a", "b", "c");
            Gcc.Layout better = Gcc.layout("typedef struct { int64_t b; int8_t a; int8_t c; } T;", "T", "b", "a", "c");
            long members = 1 + 8 + 1;
            JavaFileObject f = record("Holes", "byte a", "long b", "byte c");
            Compilation c = compile(f);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).hadNoteContaining(tag(Message.PADDING_HOLES)).inFile(f).onLineContaining("record Holes(");
            assertEquals(List.of(Message.PADDING_HOLES.id()), ids(c, Diagnostic.Kind.NOTE));
            String text = text(c, Diagnostic.Kind.NOTE, Message.PADDING_HOLES, f);
            assertThat(text).contains("Holes wastes " + (declared.size() - members) + " bytes of padding (size "
                    + declared.size() + ")");
            assertThat(text).contains("This order needs " + better.size() + " bytes: b, a, c");
            assertEquals(24, declared.size(), "gcc: the example of the brief");
            assertEquals(16, better.size(), "gcc: the example of the brief");
        }

        @Test
        void noPaddingNoteWhenNoOrderIsSmaller() {
            JavaFileObject f = record("Tight", "long b", "byte a", "byte c");
            Compilation c = compile(f);
            assertThat(c).succeededWithoutWarnings();
            assertEquals(List.of(), ids(c, Diagnostic.Kind.NOTE));
        }

        @Test
        void noPaddingNoteForPackedStructs() {
            JavaFileObject f = src("Packed", "@Struct(pack = 2)", "record Packed(byte a, long b, byte c) {}");
            Compilation c = compile(f);
            assertThat(c).succeededWithoutWarnings();
            assertEquals(List.of(), ids(c, Diagnostic.Kind.NOTE));
        }

        @Test
        void paddingNotesCanBeSwitchedOff() {
            JavaFileObject f = record("Holes", "byte a", "long b", "byte c");
            Compilation c = Compilations.compiler().withOptions(Stream.concat(Compilations.OPTIONS.stream(),
                    Stream.of("-Astructbridge.paddingNotes=false")).toList()).compile(f);
            assertThat(c).succeededWithoutWarnings();
            assertEquals(List.of(), ids(c, Diagnostic.Kind.NOTE));
        }
    }

    // ------------------------------------------------------------------ JSON Schema and Bean Validation

    @Nested
    class JsonAndValidation {
        /** The real jakarta.validation-api and Jackson 3 are on the class path (test dependencies). */
        JavaFileObject[] with(JavaFileObject... sources) {
            return sources;
        }

        @Test
        void consistentConstraintsAreQuiet() {
            assertThat(compile(with(record("Plain", "@jakarta.validation.constraints.NotBlank @Capacity(8) String s",
                    "@jakarta.validation.constraints.Min(1) int n")))).succeededWithoutWarnings();
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                @jakarta.validation.constraints.NotBlank             | int count          | @NotBlank on 'count' does not apply to int | it applies to strings.
                @jakarta.validation.constraints.Min(1)                | @Capacity(8) String count | @Min on 'count' does not apply to String | it applies to numbers.
                @jakarta.validation.constraints.Size(max = 2)         | long count         | @Size on 'count' does not apply to long | it applies to strings and arrays.
                @jakarta.validation.constraints.Pattern(regexp = "(") | @Capacity(8) String count | @Pattern on 'count' does not apply to the regular expression | it does not compile
                """)
        void constraintOnTheWrongType(String annotation, String declaration, String what, String why) {
            JavaFileObject f = record("Checked", "int ok", annotation + "\n        " + declaration);
            Compilation c = compile(with(f));
            assertThat(c).hadErrorContaining(tag(Message.CONSTRAINT_WRONG_TYPE)).inFile(f).onLineContaining("count");
            assertEquals(List.of(Message.CONSTRAINT_WRONG_TYPE.id()), errorIds(c));
            String text = text(c, Diagnostic.Kind.ERROR, Message.CONSTRAINT_WRONG_TYPE, f);
            assertThat(text).contains(what);
            assertThat(text).contains("Hibernate Validator would throw UnexpectedTypeException at run time");
            assertThat(text).contains(why);
        }

        @ParameterizedTest
        @ValueSource(strings = {"Min(0)", "Max(5)", "Positive", "PositiveOrZero", "Negative", "NegativeOrZero",
                "DecimalMin(\"1\")", "DecimalMax(\"1\")", "Digits(integer = 20, fraction = 0)"})
        void numericConstraintOnRawUint64BitsIsRefused(String constraint) {
            JavaFileObject f = record("Checked", "int ok", "@jakarta.validation.constraints." + constraint
                    + "\n        @NativeType(CType.UINT64_BITS) long level");
            Compilation c = compile(with(f));
            assertThat(c).hadErrorContaining(tag(Message.UINT64_BITS_CONSTRAINT)).inFile(f).onLineContaining("level");
            assertEquals(List.of(Message.UINT64_BITS_CONSTRAINT.id()), errorIds(c));
            String text = text(c, Diagnostic.Kind.ERROR, Message.UINT64_BITS_CONSTRAINT, f);
            assertThat(text).contains("on 'level' (@NativeType(UINT64_BITS) long) would mean two things");
            assertThat(text).contains("Hibernate Validator compares the long signed");
            assertThat(text).contains("or use @NativeType(UINT64) long");
        }

        @Test
        void rawUint64BitsAndHalvesWithoutConstraintsCompileQuietly() {
            JavaFileObject f = record("Quiet", "@NativeType(CType.UINT64_BITS) long a", "@NativeType(CType.FLOAT16) float h",
                    "@jakarta.validation.constraints.Max(10) @NativeType(CType.FLOAT16) float bounded",
                    "@NativeType(CType.UINT64_BITS) @Length(2) long[] b", "@NativeType(CType.FLOAT16) @Length(2) float[] hs");
            Compilation c = compile(with(f));
            assertThat(c).succeededWithoutWarnings();
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                @jakarta.validation.constraints.Min(300)            | @NativeType(CType.UINT8) int level | @Min on 'level' can never hold: the native type uint8_t only stores values 0..255 | Change the constraint or the @NativeType
                @jakarta.validation.constraints.Negative            | @NativeType(CType.UINT8) int level  | @Negative on 'level' can never hold: the native type uint8_t only stores values 0..255 | Change the constraint
                @jakarta.validation.constraints.Size(min = 10)      | @Capacity(8) String level            | @Size on 'level' can never hold: the native type char[8] only stores at most 7 bytes | Raise @Capacity or lower min
                @jakarta.validation.constraints.Size(min = 5)       | @Length(4) int[] level               | @Size on 'level' can never hold: the native type array only stores exactly 4 elements | Make @Size and @Length agree
                """)
        void constraintTheNativeTypeMakesImpossible(String annotation, String declaration, String what, String fix) {
            JavaFileObject f = record("Checked", "int ok", annotation + "\n        " + declaration);
            Compilation c = compile(with(f));
            assertThat(c).hadErrorContaining(tag(Message.CONSTRAINT_NEVER_HOLDS)).inFile(f).onLineContaining("level");
            assertEquals(List.of(Message.CONSTRAINT_NEVER_HOLDS.id()), errorIds(c));
            String text = text(c, Diagnostic.Kind.ERROR, Message.CONSTRAINT_NEVER_HOLDS, f);
            assertThat(text).contains(what);
            assertThat(text).contains(fix);
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                @jakarta.validation.constraints.NotNull                   | int level                         | @NotNull on 'level' has no effect: a primitive is never null.
                @jakarta.validation.constraints.Min(0)                    | @NativeType(CType.UINT8) int level | @Min on 'level' has no effect: the native type already limits it to uint8_t values 0..255.
                @jakarta.validation.constraints.Size(min = 1, max = 4)    | @Length(4) int[] level            | @Size on 'level' has no effect: the array always has exactly 4 elements.
                @jakarta.validation.constraints.Size(max = 100)           | @Capacity(8) String level         | @Size on 'level' has no effect: max 100 exceeds the 7 bytes of text
                """)
        void constraintTheNativeTypeMakesRedundant(String annotation, String declaration, String what) {
            JavaFileObject f = record("Checked", "int ok", annotation + "\n        " + declaration);
            Compilation c = compile(with(f));
            assertThat(c).succeeded();
            assertThat(c).hadWarningContaining(tag(Message.CONSTRAINT_REDUNDANT)).inFile(f).onLineContaining("level");
            assertEquals(List.of(Message.CONSTRAINT_REDUNDANT.id()), ids(c, Diagnostic.Kind.WARNING));
            assertThat(text(c, Diagnostic.Kind.WARNING, Message.CONSTRAINT_REDUNDANT, f)).contains(what);
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                @jakarta.validation.constraints.Size(min = 2)             | @Capacity(16) String level
                @jakarta.validation.constraints.Size(min = 2, max = 100)  | @Capacity(16) String level
                """)
        void sizeWithAMinimumIsNotRedundantOnText(String annotation, String declaration) {
            // A new user's report: @Size(min = 2) was called "no effect", yet the validator enforces min.
            JavaFileObject f = record("Checked", "int ok", annotation + "\n        " + declaration);
            Compilation c = compile(with(f));
            assertThat(c).succeeded();
            assertEquals(List.of(), ids(c, Diagnostic.Kind.WARNING));
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                BSAabc                  | the anchor BSA
                (?i)abc                 | the inline flag group (?i...)
                a++                     | the possessive quantifier ++
                [a-z&&[^q]]             | the class intersection &&
                BSp{Alpha}+             | the Java-only property class BSp{Alpha}
                """)
        void patternThatJsonSchemaCannotExpress(String regex, String construct) {
            // BS stands for one backslash of the regex, written as two in the Java string literal.
            JavaFileObject f = record("Checked", "int ok", "@jakarta.validation.constraints.Pattern(regexp = \""
                    + regex.replace("BS", "\\\\") + "\")\n        @Capacity(8) String code");
            Compilation c = compile(with(f));
            assertThat(c).succeeded();
            assertThat(c).hadWarningContaining(tag(Message.PATTERN_NOT_ECMA)).inFile(f).onLineContaining("code");
            assertEquals(List.of(Message.PATTERN_NOT_ECMA.id()), ids(c, Diagnostic.Kind.WARNING));
            String text = text(c, Diagnostic.Kind.WARNING, Message.PATTERN_NOT_ECMA, f);
            assertThat(text).contains("@Pattern on 'code' uses " + construct.replace("BS", "\\"));
            assertThat(text).contains("ECMA-262");
            assertThat(text).contains("Rewrite it without that construct");
        }

        @Test
        void namingStrategyTheProcessorCannotApply() {
            JavaFileObject strategy = src("MyStrategy", "public final class MyStrategy extends tools.jackson.databind.PropertyNamingStrategy {}");
            JavaFileObject f = src("Named", "@Struct", "@tools.jackson.databind.annotation.JsonNaming(MyStrategy.class)",
                    "record Named(int someValue) {}");
            Compilation c = compile(with(f, strategy));
            assertThat(c).hadErrorContaining(tag(Message.JSON_NAMING_UNSUPPORTED)).inFile(f).onLineContaining("record Named(");
            assertEquals(List.of(Message.JSON_NAMING_UNSUPPORTED.id()), errorIds(c));
            String text = text(c, Diagnostic.Kind.ERROR, Message.JSON_NAMING_UNSUPPORTED, f);
            assertThat(text).contains("@JsonNaming(MyStrategy) is not a strategy structbridge can apply at compile time");
            assertThat(text).contains("or @JsonProperty on each component");
        }

        /**
         * Was: accepted and ignored, so the generated codec, schema and Pydantic model accepted other JSON than
         * databind (the alias, the ignored names, a READ_ONLY property's value).
         */
        @ParameterizedTest
        @CsvSource(delimiter = '|', textBlock = """
                @com.fasterxml.jackson.annotation.JsonAlias("b") int a                                        | @JsonAlias on component 'a'                | also reads the alias
                @com.fasterxml.jackson.annotation.JsonIgnore int a                                            | @JsonIgnore on component 'a'               | neither writes nor reads
                @com.fasterxml.jackson.annotation.JsonProperty(access = com.fasterxml.jackson.annotation.JsonProperty.Access.READ_ONLY) int a  | @JsonProperty(access = READ_ONLY) on component 'a'  | ignores the property when reading
                @com.fasterxml.jackson.annotation.JsonProperty(access = com.fasterxml.jackson.annotation.JsonProperty.Access.WRITE_ONLY) int a | @JsonProperty(access = WRITE_ONLY) on component 'a' | never writes
                """)
        void jacksonAnnotationsTheOutputsDoNotFollow(String component, String head, String why) {
            JavaFileObject f = record("Jk", "int x", component);
            String text = error(Message.JACKSON_ANNOTATION_UNSUPPORTED, f, component + ")");
            assertThat(text).contains(head + " is not supported");
            assertThat(text).contains(why);
        }

        @Test
        void namedIgnoralsAreRefused() {
            JavaFileObject f = src("Ign", "@Struct", "@com.fasterxml.jackson.annotation.JsonIgnoreProperties({\"zz\"})",
                    "record Ign(int x) {}");
            String text = error(Message.JACKSON_ANNOTATION_UNSUPPORTED, f, "record Ign(");
            assertThat(text).contains("@JsonIgnoreProperties(");
            assertThat(text).contains("skips those named properties");
            Compilation ok = compile(src("Unk", "@Struct", "@com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true)",
                    "record Unk(int x) {}"));
            assertEquals(List.of(), errorIds(ok));
        }

        /** databind: "Duplicate creator property" (the implicit name x and the explicit "x" of y). */
        @Test
        void namingStrategyMeetingAnExplicitName() {
            JavaFileObject f = src("Naming7", "@Struct",
                    "@tools.jackson.databind.annotation.JsonNaming(tools.jackson.databind.PropertyNamingStrategies.UpperCamelCaseStrategy.class)",
                    "record Naming7(int x,", "        @com.fasterxml.jackson.annotation.JsonProperty(\"x\") int y) {}");
            String text = error(Message.JACKSON_ANNOTATION_UNSUPPORTED, f, "int y)");
            assertThat(text).contains("Duplicate creator property");
        }

        @Test
        void supportedNamingStrategyIsQuiet() {
            JavaFileObject f = src("Named", "@Struct",
                    "@tools.jackson.databind.annotation.JsonNaming(tools.jackson.databind.PropertyNamingStrategies.SnakeCaseStrategy.class)",
                    "record Named(int someValue) {}");
            assertThat(compile(with(f))).succeededWithoutWarnings();
        }

        @Test
        void enumWithAJsonValueMethod() {
            JavaFileObject mood = src("Mood", "enum Mood {", "    @Code(1) HAPPY;",
                    "    @com.fasterxml.jackson.annotation.JsonValue String json() { return \"h\"; }", "}");
            JavaFileObject f = record("Face", "Mood mood");
            Compilation c = compile(with(f, mood));
            assertThat(c).succeeded();
            assertThat(c).hadWarningContaining(tag(Message.ENUM_JSON_VALUE)).inFile(f).onLineContaining("Mood mood");
            assertEquals(List.of(Message.ENUM_JSON_VALUE.id()), ids(c, Diagnostic.Kind.WARNING));
            String text = text(c, Diagnostic.Kind.WARNING, Message.ENUM_JSON_VALUE, f);
            assertThat(text).contains("enum Mood has a @JsonValue method");
            assertThat(text).contains("Prefer @JsonProperty on each constant");
        }
    }

    // ------------------------------------------------------------------ internal errors

    @Nested
    class Internal {
        /**
         * A user class with the name of a generated one once made the Filer refuse the file, which the
         * processor's last line of defence turned into {@link Message#INTERNAL_ERROR} ("... FilerException").
         * It is now found before anything is written and reported by name ({@link Message#GENERATED_CLASS_EXISTS}).
         */
        @Test
        void generatedNameTakenIsReportedByNameNotAsAnInternalError() {
            JavaFileObject f = src("Clash", "@Struct", "record Clash(int x) {}");
            JavaFileObject taken = src("ClashStruct", "final class ClashStruct {}");
            Compilation c = Compilations.compiler().compile(f, taken);
            assertThat(c).failed();
            assertThat(c).hadErrorContaining(tag(Message.GENERATED_CLASS_EXISTS)).inFile(f).onLineContaining("record Clash(");
            assertThat(c).hadErrorContaining("generates the class p.ClashStruct, but a class of that name already exists");
            assertEquals(List.of(Message.GENERATED_CLASS_EXISTS.id()), errorIds(c));
            assertThat(messages(c, Diagnostic.Kind.ERROR).toString()).doesNotContain(tag(Message.INTERNAL_ERROR));
            for (String m : messages(c, Diagnostic.Kind.ERROR)) {
                assertThat(m).doesNotContain("threw an uncaught exception");
            }
        }

        /**
         * A plain {@code javac} whose processor path holds the processor but not the annotations jar and
         * JavaPoet (a new user's first try) once got {@link Message#INTERNAL_ERROR} ("Please report this"). It
         * is a setup fault, reported as {@link Message#PROCESSOR_PATH_INCOMPLETE} naming the missing class. A
         * separate javac process, so that the processor's class loader cannot borrow from this test's.
         */
        @Test
        void aProcessorPathWithoutItsDependenciesIsNamedNotAnInternalError(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
                throws Exception {
            java.nio.file.Path src = java.nio.file.Files.writeString(dir.resolve("Lone.java"),
                    "import io.structbridge.annotations.*;\n@Struct\nrecord Lone(@NativeType(CType.UINT8) int x) {}\n");
            String cp = Compilations.CLASSPATH.stream().map(java.io.File::getPath)
                    .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
            java.nio.file.Path javac = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "javac");
            Process p = new ProcessBuilder(javac.toString(), "-proc:only", "-processorpath", "target/classes",
                    "-processor", "io.structbridge.processor.StructProcessor", "-cp", cp, "-d", dir.toString(), src.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(1, p.waitFor(), out);
            assertThat(out).contains(tag(Message.PROCESSOR_PATH_INCOMPLETE));
            assertThat(out).containsMatch("class (io\\.structbridge\\.annotations|com\\.palantir\\.javapoet)\\.[A-Za-z.$]+ is missing from the annotation processor path");
            assertThat(out).doesNotContain(tag(Message.INTERNAL_ERROR));
        }
    }
}
