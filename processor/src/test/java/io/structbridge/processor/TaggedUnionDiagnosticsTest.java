package io.structbridge.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.compile;
import static io.structbridge.processor.DiagnosticsTest.error;
import static io.structbridge.processor.DiagnosticsTest.src;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.structbridge.processor.check.Message;
import java.io.IOException;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** The compile-time rules of tagged unions ({@code @Tag} on a union component, {@code @Case} on its members). */
class TaggedUnionDiagnosticsTest {
    static JavaFileObject kind() {
        return src("K", "enum K { @Code(1) A, @Code(2) B, @Code(3) C }");
    }

    static JavaFileObject union() {
        return src("U", "@Union", "record U(@Case(\"A\") int a, @Case({\"B\", \"C\"}) long b) {}");
    }

    @Test
    void aWellFormedTaggedUnionCompilesWithSchemaAndConstraints() throws IOException {
        JavaFileObject in = src("In", "@Struct", "record In(@jakarta.validation.constraints.Max(3) int x) {}");
        JavaFileObject u = src("V", "@Union", "record V(@Case(codes = {1, 2}) In in, @Case(codes = -1) @jakarta.validation.constraints.Min(0) long raw) {}");
        JavaFileObject s = src("S", "@Struct", "record S(byte t, @Tag(\"t\") V v) {}");
        Compilation c = compile(u, s, in);
        assertThat(c).succeeded();
        assertTrue(c.diagnostics().stream().noneMatch(d -> d.getMessage(null).contains("[SB-UNION-NO-JSON] no JSON codec and no JSON Schema for S")));
        String schema = c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "S.schema.json").orElseThrow().getCharContent(true).toString();
        assertTrue(schema.contains("\"maxProperties\": 1") && schema.contains("\"if\""), schema);
        assertFalse(c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "V.schema.json").isPresent(), "a union alone has no JSON");
    }

    @Test
    void anUntaggedUnionInsideATaggedOnesMemberStillHasNoJson() {
        JavaFileObject raw = src("Raw", "@Union", "record Raw(int i, float f) {}");
        JavaFileObject u = src("V", "@Union", "record V(@Case(codes = 1) Raw raw, @Case(codes = 2) long n) {}");
        JavaFileObject s = src("S", "@Struct", "record S(int t, @Tag(\"t\") V v) {}");
        Compilation c = compile(raw, u, s);
        assertThat(c).succeeded();
        String note = DiagnosticsTest.text(c, Diagnostic.Kind.NOTE, Message.UNION_NO_JSON, s);
        assertTrue(note.contains("component 'v' (tagged union V): component 'raw' is the union Raw"), note);
    }

    @Test
    void tagOnANonUnion() {
        JavaFileObject pt = src("Pt", "@Struct", "record Pt(int x) {}");
        JavaFileObject s = src("S", "@Struct", "record S(int t,", "        @Tag(\"t\") Pt p) {}");
        String text = error(Message.TAG_NOT_UNION, s, "@Tag(\"t\") Pt p", pt);
        assertTrue(text.contains("'p' is the struct Pt"), text);
        JavaFileObject arr = src("A", "@Struct", "record A(int t,", "        @Tag(\"t\") @Length(2) U[] us) {}");
        String text2 = error(Message.TAG_NOT_UNION, arr, "U[] us", union(), kind());
        assertTrue(text2.contains("an array of unions"), text2);
    }

    @Test
    void tagNamingNoComponent() {
        JavaFileObject s = src("S", "@Struct", "record S(K k,", "        @Tag(\"kind\") U u) {}");
        String text = error(Message.TAG_UNKNOWN, s, "U u)", union(), kind());
        assertTrue(text.contains("@Tag(\"kind\") on 'u' names no other component of S (components: [k])"), text);
    }

    /** A reserved discriminator is in no API: the error says so instead of "names no other component". */
    @Test
    void tagNamingAReservedComponent() {
        JavaFileObject s = src("S", "@Struct", "record S(@Reserved byte k,", "        @Tag(\"k\") V u) {}");
        JavaFileObject v = src("V", "@Union", "record V(@Case(codes = 1) int a, @Case(codes = 2) long b) {}");
        String text = error(Message.TAG_RESERVED, s, "V u)", v);
        assertTrue(text.contains("@Tag(\"k\") on 'u' names component 'k', which is @Reserved"), text);
    }

    @Test
    void tagAfterTheUnion() {
        JavaFileObject s = src("S", "@Struct", "record S(@Tag(\"k\") U u,", "        K k) {}");
        String text = error(Message.TAG_AFTER_UNION, s, "@Tag(\"k\") U u", union(), kind());
        assertTrue(text.contains("Move 'k' before 'u'"), text);
    }

    @Test
    void tagOfTheWrongType() {
        JavaFileObject s = src("S", "@Struct", "record S(double k,", "        @Tag(\"k\") U u) {}");
        String text = error(Message.TAG_TYPE, s, "U u)", union(), kind());
        assertTrue(text.contains("discriminator 'k' of union 'u' has type double"), text);
    }

    @Test
    void thePaddingNoteSuggestsAnOrderWithTheDiscriminatorBeforeItsUnion() {
        JavaFileObject s = src("S", "@Struct", "record S(byte a, long x, K k,", "        @Tag(\"k\") U u, byte b) {}");
        Compilation c = compile(s, union(), kind());
        assertThat(c).succeeded();
        String notes = c.notes().stream().map(d -> d.getMessage(null)).filter(m -> m.contains("SB-PADDING-HOLES"))
                .reduce("", String::concat);
        // without the rule the compact order would be x, u, k, a, b: k after its union, which SB-TAG-AFTER-UNION refuses
        assertTrue(notes.contains("This order needs 32 bytes: x, k, u, a, b"), notes);
        JavaFileObject followed = src("S", "@Struct", "record S(long x, K k,", "        @Tag(\"k\") U u, byte a, byte b) {}");
        assertThat(compile(followed, union(), kind())).succeeded();
    }

    @Test
    void enumTagWithAJsonValueMethod() {
        JavaFileObject k = src("K", "enum K { @Code(1) A, @Code(2) B, @Code(3) C;",
                "    @com.fasterxml.jackson.annotation.JsonValue String json() { return name().toLowerCase(); } }");
        JavaFileObject s = src("S", "@Struct", "record S(K k,", "        @Tag(\"k\") U u) {}");
        String text = error(Message.TAG_JSON_VALUE, s, "U u)", union(), k);
        assertTrue(text.contains("discriminator 'k' of union 'u' is enum K, which has a @JsonValue method"), text);
    }

    @Test
    void tagInsideAUnion() {
        JavaFileObject s = src("W", "@Union", "record W(int k,", "        @Tag(\"k\") U u) {}");
        String text = error(Message.TAG_IN_UNION, s, "U u)", union(), kind());
        assertTrue(text.contains("not of a union"), text);
    }

    @Test
    void caseOnAStructComponent() {
        JavaFileObject s = src("S", "@Struct", "record S(int k,", "        @Case(codes = 1) int v) {}");
        error(Message.CASE_NOT_UNION, s, "@Case(codes = 1) int v");
    }

    @Test
    void memberWithoutCase() {
        JavaFileObject u = src("U2", "@Union", "record U2(@Case(\"A\") int a, long b) {}");
        JavaFileObject s = src("S", "@Struct", "record S(K k,", "        @Tag(\"k\") U2 u) {}");
        String text = error(Message.CASE_MISSING, s, "U2 u)", u, kind());
        assertTrue(text.contains("member 'b' of union U2, tagged by 'k', has no @Case"), text);
    }

    @Test
    void codesForAnEnumDiscriminator() {
        JavaFileObject u = src("U2", "@Union", "record U2(@Case(codes = 1) int a, @Case({\"A\", \"B\", \"C\"}) long b) {}");
        JavaFileObject s = src("S", "@Struct", "record S(K k,", "        @Tag(\"k\") U2 u) {}");
        String text = error(Message.CASE_KIND, s, "U2 u)", u, kind());
        assertTrue(text.contains("gives codes [1], but discriminator 'k' is the enum K"), text);
    }

    @Test
    void unknownConstant() {
        JavaFileObject u = src("U2", "@Union", "record U2(@Case(\"A\") int a, @Case({\"B\", \"C\", \"D\"}) long b) {}");
        JavaFileObject s = src("S", "@Struct", "record S(K k,", "        @Tag(\"k\") U2 u) {}");
        String text = error(Message.CASE_UNKNOWN_CONSTANT, s, "U2 u)", u, kind());
        assertTrue(text.contains("@Case(\"D\") on member 'b' of union U2: K has no such constant (constants: [A, B, C])"), text);
    }

    @Test
    void codeOutOfTheDiscriminatorsRange() {
        JavaFileObject u = src("U2", "@Union", "record U2(@Case(codes = 1) int a, @Case(codes = 300) long b) {}");
        JavaFileObject s = src("S", "@Struct", "record S(byte k,", "        @Tag(\"k\") U2 u) {}");
        String text = error(Message.CASE_RANGE, s, "U2 u)", u);
        assertTrue(text.contains("@Case code 300 on member 'b' of union U2 is outside discriminator 'k' (int8_t, -128..127)"), text);
    }

    @Test
    void aValueNamingTwoMembers() {
        JavaFileObject u = src("U2", "@Union", "record U2(@Case(codes = {1, 2}) int a, @Case(codes = 2) long b) {}");
        JavaFileObject s = src("S", "@Struct", "record S(int k,", "        @Tag(\"k\") U2 u) {}");
        String text = error(Message.CASE_DUPLICATE, s, "U2 u)", u);
        assertTrue(text.contains("discriminator value 2 names both 'a' and 'b' of union U2"), text);
    }

    @Test
    void anEnumConstantSelectingNoMember() {
        JavaFileObject u = src("U2", "@Union", "record U2(@Case(\"A\") int a, @Case(\"B\") long b) {}");
        JavaFileObject s = src("S", "@Struct", "record S(K k,", "        @Tag(\"k\") U2 u) {}");
        String text = error(Message.CASE_UNCOVERED, s, "U2 u)", u, kind());
        assertTrue(text.contains("value C of discriminator 'k' (K) selects no member of union U2"), text);
    }

    @Test
    void constraintsStayRefusedInAUnionWithoutCases() {
        // A union whose members lack @Case is not meant to be tagged: SB-UNION-CONSTRAINT as before.
        JavaFileObject u = src("U3", "@Union", "record U3(@jakarta.validation.constraints.Min(0) int a, long b) {}");
        error(Message.UNION_CONSTRAINT, u, "Min(0) int a");
    }
}
