package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.compile;
import static io.structbridge.processor.Compilations.messages;
import static io.structbridge.processor.DiagnosticsTest.error;
import static io.structbridge.processor.DiagnosticsTest.record;
import static io.structbridge.processor.DiagnosticsTest.src;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.structbridge.processor.check.Message;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rules that make a member appended with {@code @Since(n > 1)} readable from struct files of older layout
 * versions, where it reads as all-zero bytes: each refusal is an error on the component (SB-SINCE-DEFAULT,
 * SB-SINCE-PADDING, SB-SINCE-IN-UNION, SB-SINCE-FIRST-MEMBER), and each accepted default compiles. Also the
 * generated {@code LINEAGE} of a record of several versions, and none for a record of one.
 */
class SinceDiagnosticsTest {
    private static final String J = "@jakarta.validation.constraints.";

    private static JavaFileObject side() {
        return src("Side", "enum Side {", "    @Code(1) BUY,", "    @Code(2) SELL", "}");
    }

    private static JavaFileObject sideWithZero() {
        return src("Flat", "enum Flat {", "    @Code(0) NONE,", "    @Code(1) BUY", "}");
    }

    /** Each kind of member whose zero value a reader would refuse, as the appended member of version 2. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            an enum without code 0         | @Since(2) Side side                                              | enum Side has no constant of code 0 (its codes: 1, 2)
            @Min above 0                   | @Since(2) @jakarta.validation.constraints.Min(1) int qty         | @Min(1) does not accept 0
            @Max below 0                   | @Since(2) @jakarta.validation.constraints.Max(-1) long debt      | @Max(-1) does not accept 0
            @DecimalMin above 0            | @Since(2) @jakarta.validation.constraints.DecimalMin("0.5") double price | @DecimalMin("0.5") does not accept 0
            @DecimalMin 0 exclusive        | @Since(2) @jakarta.validation.constraints.DecimalMin(value = "0", inclusive = false) float price | @DecimalMin("0", inclusive = false) does not accept 0
            @DecimalMax below 0            | @Since(2) @jakarta.validation.constraints.DecimalMax("-0.25") double loss | @DecimalMax("-0.25") does not accept 0
            @Positive                      | @Since(2) @jakarta.validation.constraints.Positive short lot     | @Positive does not accept 0
            @Negative                      | @Since(2) @jakarta.validation.constraints.Negative byte delta    | @Negative does not accept 0
            @Digits with no integer digit  | @Since(2) @jakarta.validation.constraints.Digits(integer = 0, fraction = 2) double frac | @Digits(integer = 0, fraction = 2) does not accept 0
            @AssertTrue                    | @Since(2) @jakarta.validation.constraints.AssertTrue boolean live | @AssertTrue does not accept false
            @NotBlank text                 | @Since(2) @jakarta.validation.constraints.NotBlank @Capacity(8) String venue | @NotBlank does not accept the empty text
            @NotEmpty text                 | @Since(2) @jakarta.validation.constraints.NotEmpty @Capacity(8) String venue | @NotEmpty does not accept the empty text
            @Size with a minimum           | @Since(2) @jakarta.validation.constraints.Size(min = 2) @Capacity(8) String venue | @Size(min = 2) does not accept the empty text
            @Pattern without the empty text | @Since(2) @jakarta.validation.constraints.Pattern(regexp = "[A-Z]+") @Capacity(8) String venue | @Pattern("[A-Z]+") does not match the empty text
            @Email with a regexp            | @Since(2) @jakarta.validation.constraints.Email(regexp = ".+@.+") @Capacity(16) String mail | @Email(regexp = ".+@.+") does not match the empty text
            @Email with a regexp and flags  | @Since(2) @jakarta.validation.constraints.Email(regexp = "[a-z]+@x", flags = jakarta.validation.constraints.Pattern.Flag.CASE_INSENSITIVE) @Capacity(16) String mail | @Email(regexp = "[a-z]+@x", flags [CASE_INSENSITIVE]) does not match the empty text
            @Pattern with flags             | @Since(2) @jakarta.validation.constraints.Pattern(regexp = "a+", flags = jakarta.validation.constraints.Pattern.Flag.CASE_INSENSITIVE) @Capacity(8) String venue | @Pattern("a+", flags [CASE_INSENSITIVE]) does not match the empty text
            a constraint with groups        | @Since(2) @jakarta.validation.constraints.Min(value = 0, groups = java.io.Serializable.class) int grouped | @Min is evaluated by Hibernate Validator at run time, so the processor cannot show that 0 passes it
            a bit-field with @Min           | @Since(2) @Bits(4) @jakarta.validation.constraints.Min(3) int level | @Min(3) does not accept 0
            a nested struct that refuses zero | @Since(2) Limit limit                                         | its member 'limit.floor': @Positive does not accept 0
            an array of structs that refuse zero | @Since(2) @Length(2) Limit[] limits                         | its member 'limits[].floor': @Positive does not accept 0
            a custom constraint            | @Since(2) @p.Even int even                                       | custom constraint @Even is evaluated by Hibernate Validator at run time, so the processor cannot show that 0 passes it
            """)
    void aMemberWhoseZeroIsRefused(String name, String component, String says) {
        JavaFileObject limit = src("Limit", "@Struct", "record Limit(@jakarta.validation.constraints.Positive int floor) {}");
        JavaFileObject even = src("Even", "@jakarta.validation.Constraint(validatedBy = {})",
                "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)",
                "@interface Even {", "    String message() default \"even\";", "    Class<?>[] groups() default {};",
                "    Class<? extends jakarta.validation.Payload>[] payload() default {};", "}");
        JavaFileObject tick = record("Tick", "long time", "double bid", component);
        String member = component.substring(component.lastIndexOf(' ') + 1);
        String text = error(Message.SINCE_DEFAULT, tick, member, side(), limit, even);
        assertThat(text).contains("component '" + member + "' (@Since(2)) reads as all-zero bytes from a struct file of "
                + "layout version 1 or older, but " + says + ".");
        assertThat(text).contains("make the zero value valid");
    }

    /** The same constraints where zero passes: every one compiles, and the record gets its lineage. */
    @Test
    void defaultsThatEveryReaderAccepts() throws IOException {
        JavaFileObject tick = record("Tick", "long time", "double bid",
                "@Since(2) Flat flat",
                "@Since(2) " + J + "Min(0) int qty",
                "@Since(2) " + J + "Max(0) long debt",
                "@Since(2) " + J + "DecimalMin(\"-0.5\") double price",
                "@Since(2) " + J + "DecimalMax(value = \"0\") float cap",
                "@Since(2) " + J + "PositiveOrZero short lot",
                "@Since(2) " + J + "NegativeOrZero byte delta",
                "@Since(2) " + J + "Digits(integer = 1, fraction = 0) long digit",
                "@Since(2) " + J + "AssertFalse boolean halted",
                "@Since(2) " + J + "NotNull " + J + "Size(max = 3) " + J + "Email @Capacity(8) String mail",
                "@Since(2) " + J + "Email(regexp = \"(.+@.+)?\") @Capacity(8) String alt",
                "@Since(2) " + J + "Pattern(regexp = \"a*\", flags = " + J.substring(1) + "Pattern.Flag.CASE_INSENSITIVE) "
                        + "@Capacity(8) String as",
                "@Since(3) @Align(8) " + J + "Pattern(regexp = \"[A-Z]*\") @Capacity(8) String venue",
                "@Since(3) @Length(2) " + J + "NotEmpty int[] pair");
        Compilation c = compile(tick, sideWithZero());
        assertThat(c).succeeded();
        assertEquals(List.of(), messages(c, Diagnostic.Kind.WARNING).stream().filter(m -> m.contains("SB-SINCE")).toList());
        String struct = c.generatedFile(StandardLocation.SOURCE_OUTPUT, "p", "TickStruct.java").orElseThrow()
                .getCharContent(true).toString();
        assertThat(struct).contains("public static final java.util.List<io.structbridge.runtime.LayoutVersion> LINEAGE");
        assertThat(struct).contains("new io.structbridge.runtime.LayoutVersion(1, 16L, 8L, \"");
        assertThat(struct).contains("new io.structbridge.runtime.LayoutVersion(3, ");
        assertThat(struct).contains("public java.util.List<io.structbridge.runtime.LayoutVersion> lineage() {");
    }

    /** A record of one layout version generates no lineage: its generated classes are as they were before versions. */
    @Test
    void aRecordOfOneVersionHasNoLineage() throws IOException {
        Compilation c = compile(record("Tick", "long time", "@Since(1) double bid"));
        assertThat(c).succeeded();
        String struct = c.generatedFile(StandardLocation.SOURCE_OUTPUT, "p", "TickStruct.java").orElseThrow()
                .getCharContent(true).toString();
        assertFalse(struct.contains("LayoutVersion"), struct);
        assertFalse(struct.contains("lineage"), struct);
    }

    @Test
    void aTaggedUnionAppendedWithItsDiscriminator() {
        JavaFileObject shape = src("Shape", "@Union", "record Shape(", "        @Case(codes = 1) Circle circle,",
                "        @Case(codes = 2) Square square) {}");
        JavaFileObject circle = src("Circle", "@Struct", "record Circle(float r) {}");
        JavaFileObject square = src("Square", "@Struct", "record Square(" + J + "Positive float side) {}");
        // the discriminator's 0 selects no member
        JavaFileObject fig = record("Fig", "long id", "@Since(2) int kind", "@Since(2) @Tag(\"kind\") Shape shape");
        String text = error(Message.SINCE_DEFAULT, fig, "int kind", shape, circle, square);
        assertThat(text).contains("component 'kind' (@Since(2))");
        assertThat(text).contains("but discriminator value 0 selects no member of union 'shape'.");
        // a discriminator of version 1 may select the square, whose zero side is refused
        JavaFileObject old = record("Fig", "long id", "long kind", "@Since(2) @Tag(\"kind\") Shape shape");
        String squares = error(Message.SINCE_DEFAULT, old, "Shape shape", shape, circle, square);
        assertThat(squares).contains("but its member 'shape.square.side': @Positive does not accept 0.");
    }

    @Test
    void aMemberInTheTailPaddingOfTheOlderVersion() {
        JavaFileObject tick = record("Tick", "long time", "int qty", "@Since(2) int extra");
        String text = error(Message.SINCE_PADDING, tick, "int extra");
        assertThat(text).contains("component 'extra' (@Since(2)) starts at byte 12, inside the 16 bytes of layout version 1"
                + " of Tick (its tail padding is bytes 12 to 15)");
        assertThat(text).contains("holds whatever its writer left there, not zeros");
        assertThat(text).contains("Start the member at byte 16 or later: @Align(8) on it does");
        assertThat(compile(record("Tick", "long time", "int qty", "@Since(2) @Align(8) int extra"))).succeeded();
        // a reserved member's bytes are no padding: the padding starts after them
        JavaFileObject reserved = record("Tick", "long time", "@Reserved int gone", "@Since(2) int extra");
        assertThat(error(Message.SINCE_PADDING, reserved, "int extra")).contains("(its tail padding is bytes 12 to 15)");
    }

    @Test
    void aBitFieldThatSharesBitsOfTheOlderVersion() {
        JavaFileObject flags = record("Flags", "@Bits(3) int low", "@Since(2) @Bits(4) int high");
        String text = error(Message.SINCE_PADDING, flags, "int high");
        assertThat(text).contains("starts at byte 0, inside the 4 bytes of layout version 1 of Flags (byte 0 holds bits of a "
                + "bit-field of that version)");
    }

    @Test
    void aUnionHasOneVersion() {
        JavaFileObject u = src("Word", "@Union", "record Word(", "        int i,", "        @Since(2) long wide) {}");
        String text = error(Message.SINCE_IN_UNION, u, "long wide");
        assertThat(text).contains("@Since(2) on member 'wide' of union Word: every member of a union starts at byte 0");
        assertThat(text).contains("A union has one layout version: remove @Since");
    }

    @Test
    void versionOneNeedsAMember() {
        JavaFileObject tick = record("Tick", "@Since(2) long time", "@Since(2) int qty");
        String text = error(Message.SINCE_FIRST_MEMBER, tick, "long time");
        assertThat(text).contains("component 'time' is the first member of Tick but has @Since(2): layout version 1 would"
                + " have no member");
    }

    /** The lineage's sizes and alignments are gcc's for the struct of each version's members. */
    @Test
    void eachVersionOfTheLineageIsGccsLayoutOfItsMembers(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        String v3 = """
                package lv;
                import io.structbridge.annotations.*;
                @Struct record Tick(int time, short qty,
                        @Since(2) @Align(8) double price,
                        @Since(3) @Align(16) int venue,
                        @Since(3) byte flag) {}
                """;
        DiskCompilation c = DiskCompilation.compile(dir, Map.of("lv.Tick", v3));
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        String struct = java.nio.file.Files.readString(c.sources().resolve("lv/TickStruct.java"));
        String[] members = {"int32_t time; int16_t qty;", " _Alignas(8) double price;", " _Alignas(16) int32_t venue; int8_t flag;"};
        StringBuilder decl = new StringBuilder();
        for (int k = 1; k <= 3; k++) {
            decl.append(members[k - 1]);
            Gcc.Layout gcc = Gcc.layout("typedef struct {" + decl + "} T;", "T");
            assertThat(struct).contains("new io.structbridge.runtime.LayoutVersion(" + k + ", " + gcc.size() + "L, "
                    + gcc.alignment() + "L, \"");
        }
    }

    /** A layout version is 1 to 255: far beyond it the processor ran out of memory or javac found "code too large". */
    @ParameterizedTest(name = "@Since({0})")
    @org.junit.jupiter.params.provider.ValueSource(ints = {0, -1, 256, 65536, Integer.MAX_VALUE})
    void aLayoutVersionOutOfBounds(int since) {
        JavaFileObject tick = record("Tick", "long time", "@Since(" + since + ") int qty");
        String text = error(Message.BAD_SINCE, tick, "int qty");
        assertThat(text).contains("@Since(" + since + ") on 'qty': a layout version is 1 to 255");
    }

    /** The highest version a record can reach (one new member per version: 254 components, a record's most) compiles. */
    @Test
    void theMostLayoutVersionsARecordCanHaveCompile() throws IOException {
        String[] components = new String[254];
        components[0] = "int m1";
        for (int k = 2; k <= components.length; k++) {
            components[k - 1] = "@Since(" + k + ") int m" + k;
        }
        Compilation c = compile(record("Wide", components));
        assertThat(c).succeeded();
        String struct = c.generatedFile(StandardLocation.SOURCE_OUTPUT, "p", "WideStruct.java").orElseThrow()
                .getCharContent(true).toString();
        assertThat(struct).contains("new io.structbridge.runtime.LayoutVersion(254, 1016L, 4L, \"");
    }

    /** Versions are numbered without gaps: a version without a member of its own would repeat the one before. */
    @Test
    void aGapInTheVersionsIsRefused() {
        JavaFileObject tick = record("Tick", "long time", "@Since(3) long qty", "@Since(3) long more");
        String text = error(Message.SINCE_GAP, tick, "long qty");
        assertThat(text).contains("component 'qty' has @Since(3), but no component has @Since(2): layout version 2 would be "
                + "the same struct as version 1");
        assertThat(text).contains("give 'qty' @Since(2)");
    }

    /**
     * A nested record that fails its @Since checks gets no generated classes, so the record nesting it is refused too
     * (SB-NESTED-INVALID): the only errors are structbridge's, no "cannot find symbol" for the missing classes.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a union with @Since         | @Union record U(int i, @Since(2) long wide) {}          | SB-SINCE-IN-UNION
            a struct with a bad default | @Struct record U(long a, @Since(2) @jakarta.validation.constraints.Positive long b) {} | SB-SINCE-DEFAULT
            a struct in its own padding | @Struct record U(long a, int b, @Since(2) int c) {}     | SB-SINCE-PADDING
            """)
    void aNestedRecordWithSinceErrorsRefusesItsNester(String name, String nested, String id) {
        JavaFileObject r = src("R", "@Struct", "record R(long id, R.U u, @Length(2) R.U[] us) {", "    " + nested, "}");
        Compilation c = compile(r);
        assertThat(c).failed();
        List<String> errors = messages(c, Diagnostic.Kind.ERROR);
        assertTrue(errors.stream().allMatch(m -> m.startsWith("[SB-")), () -> String.join("\n", errors));
        assertTrue(errors.stream().anyMatch(m -> m.startsWith("[" + id + "]")), () -> String.join("\n", errors));
        assertEquals(2, errors.stream().filter(m -> m.startsWith("[SB-NESTED-INVALID]")).count(), () -> String.join("\n", errors));
    }
}
