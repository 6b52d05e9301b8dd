package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.compile;
import static io.structbridge.processor.Compilations.errorIds;
import static io.structbridge.processor.DiagnosticsTest.error;
import static io.structbridge.processor.DiagnosticsTest.src;
import static io.structbridge.processor.DiagnosticsTest.tag;
import static io.structbridge.processor.DiagnosticsTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.structbridge.processor.check.Message;
import java.io.IOException;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** The diagnostics of {@code @Union} records, and what is (not) generated for them. */
class UnionDiagnosticsTest {

    @Test
    void structAndUnionTogether() {
        JavaFileObject f = src("Both", "@Struct", "@Union", "record Both(int a, long b) {}");
        String text = error(Message.STRUCT_AND_UNION, f, "@Union");
        assertTrue(text.contains("Both is annotated both @Struct and @Union"), text);
    }

    @Test
    void aConstraintOnAUnionMemberIsRefused() {
        JavaFileObject f = src("Checked", "@Union", "record Checked(",
                "        @jakarta.validation.constraints.Min(0) int a,",
                "        long b) {}");
        String text = error(Message.UNION_CONSTRAINT, f, "Min(0) int a");
        assertTrue(text.contains("@Min on 'a' inside union Checked cannot be validated"), text);
    }

    @Test
    void aConstraintInsideAStructMemberOfAUnionIsRefused() {
        JavaFileObject inner = src("In", "@Struct", "record In(@jakarta.validation.constraints.Max(3) int x) {}");
        JavaFileObject f = src("Outer", "@Union", "record Outer(", "        In in,", "        long raw) {}");
        String text = error(Message.UNION_CONSTRAINT, f, "In in,", inner);
        assertTrue(text.contains("@Max on 'in.x' inside union Outer"), text);
    }

    @Test
    void noJsonSchemaForAUnionOrARecordContainingOneAndANoteSaysWhy() throws IOException {
        JavaFileObject u = src("Data", "@Union", "record Data(long u64, int fd) {}");
        JavaFileObject s = src("Event", "@Struct", "record Event(int events, Data data) {}");
        JavaFileObject plain = src("Plain", "@Struct", "record Plain(int a) {}");
        Compilation c = compile(u, s, plain);
        assertThat(c).succeeded();
        String onEvent = text(c, Diagnostic.Kind.NOTE, Message.UNION_NO_JSON, s);
        assertTrue(onEvent.contains("no JSON codec and no JSON Schema for Event: component 'data' is the union Data"), onEvent);
        String onData = text(c, Diagnostic.Kind.NOTE, Message.UNION_RECORD_NO_JSON, u);
        assertTrue(onData.contains("no JSON codec and no JSON Schema for the union Data on its own"), onData);
        assertFalse(c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Event.schema.json").isPresent());
        assertFalse(c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Data.schema.json").isPresent());
        assertTrue(c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Plain.schema.json").isPresent());
        String py = c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Event.py").orElseThrow().getCharContent(true).toString();
        assertTrue(py.contains("class Data(_SB_ctypes.Union):"), py);
        assertTrue(py.contains("# No EventModel: component 'data' is the union Data"), py);
        String h = c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Data.h").orElseThrow().getCharContent(true).toString();
        assertTrue(h.contains("typedef union Data {"), h);
        assertTrue(h.contains("SB_STATIC_ASSERT(offsetof(Data, fd) == 0,"), h);
        assertEquals(List.of(), errorIds(c));
    }

    @Test
    void unionLayoutRules() {
        // size = largest member rounded up to the largest alignment; pack caps; align raises
        JavaFileObject f = src("U", "@Union", "record U(@Length(5) byte[] five, short s) {}",
                "@Union(pack = 1)", "record P(long l, @Length(3) byte[] three) {}",
                "@Union(align = 32, size = 32)", "record A(int i) {}");
        Compilation c = compile(f);
        assertThat(c).succeeded();
        assertThat(c).generatedSourceFile("p.UStruct").contentsAsUtf8String().contains("public static final long SIZE = 6L;");
        assertThat(c).generatedSourceFile("p.UStruct").contentsAsUtf8String().contains("MemoryLayout.paddingLayout(6L)");
        assertThat(c).generatedSourceFile("p.PStruct").contentsAsUtf8String().contains("public static final long ALIGNMENT = 1L;");
        assertThat(c).generatedSourceFile("p.AStruct").contentsAsUtf8String().contains("public static final long ALIGNMENT = 32L;");
        assertThat(tag(Message.UNION_NO_JSON)).startsWith("[SB-");
    }
}
