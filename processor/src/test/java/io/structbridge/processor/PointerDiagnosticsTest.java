package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.compile;
import static io.structbridge.processor.Compilations.errorIds;
import static io.structbridge.processor.Compilations.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.structbridge.processor.check.Message;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** {@code @Pointer MemorySegment}: what compiles, what is refused, and what pointers never become (JSON). */
class PointerDiagnosticsTest {

    static JavaFileObject record(String name, String... components) {
        return DiagnosticsTest.record(name, components);
    }

    private static String error(Compilation c, Message m, JavaFileObject f, String line) {
        assertThat(c).hadErrorContaining("[" + m.id() + "]").inFile(f).onLineContaining(line);
        assertEquals(List.of(m.id()), errorIds(c));
        return DiagnosticsTest.text(c, Diagnostic.Kind.ERROR, m, f);
    }

    @Test
    void aMemorySegmentWithoutPointerIsUnsupportedAndSaysWhatToWrite() {
        JavaFileObject f = record("Raw", "java.lang.foreign.MemorySegment address");
        String text = error(compile(f), Message.UNSUPPORTED_TYPE, f, "address");
        assertThat(text).contains("annotated @Pointer (void *), @Pointer(cString = true) (char *) or @Pointer(target = T.class)");
    }

    @Test
    void pointerOnSomethingElseIsMisplaced() {
        JavaFileObject f = record("Wrong", "@Pointer long address");
        String text = error(compile(f), Message.MISPLACED_ANNOTATION, f, "address");
        assertThat(text).contains("@Pointer on 'address' does not apply to a component of type long");
        assertThat(text).contains("declare the component MemorySegment");
    }

    @Test
    void aTargetThatIsNotAStructIsRefused() {
        JavaFileObject f = record("ToString", "@Pointer(target = String.class) java.lang.foreign.MemorySegment p");
        String text = error(compile(f), Message.POINTER_TARGET, f, "p)");
        assertThat(text).contains("the target java.lang.String is not a @Struct record");
    }

    @Test
    void targetAndCStringTogetherAreRefused() {
        JavaFileObject f = DiagnosticsTest.src("Both", "@Struct", "record Both(",
                "        @Pointer(target = Both.class, cString = true) java.lang.foreign.MemorySegment p) {}");
        String text = error(compile(f), Message.POINTER_TARGET_AND_STRING, f, "cString");
        assertThat(text).contains("a pointer is either char * (a C string) or a pointer to a @Struct");
    }

    @Test
    void sizeAndOrderAnnotationsDoNotApplyToAPointer() {
        JavaFileObject f = record("Sized", "@Length(2) @Pointer java.lang.foreign.MemorySegment p");
        String text = error(compile(f), Message.MISPLACED_ANNOTATION, f, "p)");
        assertThat(text).contains("a pointer is 8 bytes on x86-64 and AArch64 (LP64)");
    }

    @Test
    void anArrayOfPointersIsRefusedWithAReason() {
        JavaFileObject annotated = record("Many", "@Length(2) @Pointer java.lang.foreign.MemorySegment[] p");
        String text = error(compile(annotated), Message.MISPLACED_ANNOTATION, annotated, "p)");
        assertThat(text).contains("declare the component MemorySegment");
        JavaFileObject plain = record("Plain", "@Length(2) java.lang.foreign.MemorySegment[] p");
        text = error(compile(plain), Message.UNSUPPORTED_TYPE, plain, "p)");
        assertThat(text).contains("arrays of pointers are not supported yet");
    }

    @Test
    void aSelfReferenceThroughAPointerIsNotRecursionAndTheHeaderDeclaresTheTypes() throws Exception {
        JavaFileObject f = record("Node", "long value", "@Pointer(target = Node.class) java.lang.foreign.MemorySegment next",
                "@Pointer java.lang.foreign.MemorySegment data", "@Pointer(cString = true) java.lang.foreign.MemorySegment name");
        Compilation c = compile(f);
        assertThat(c).succeededWithoutWarnings();
        String header = c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Node.h").orElseThrow().getCharContent(true).toString();
        assertThat(header).contains("struct Node *next;");
        assertThat(header).contains("void *data;");
        assertThat(header).contains("char *name;");
        assertThat(header).contains("SB_STATIC_ASSERT(sizeof(Node) == 32");
        assertThat(header).contains("SB_STATIC_ASSERT(offsetof(Node, name) == 24");
    }

    @Test
    void aStructWithAPointerGetsNoJsonSchemaNoCodecAndNoPydanticModelAndANoteSaysWhy() throws Exception {
        JavaFileObject inner = record("Holder", "int x", "@Pointer java.lang.foreign.MemorySegment p");
        JavaFileObject outer = record("Outer", "int y", "Holder h");
        JavaFileObject marker = Compilations.source("io.structbridge.jackson.JsonReading", "package io.structbridge.jackson;",
                "public final class JsonReading {}");
        Compilation c = compile(inner, outer, marker);
        assertThat(c).succeeded();
        assertThat(c).hadNoteContaining("[" + Message.POINTER_NO_JSON.id() + "] no JSON codec, JSON Schema or Pydantic model for Outer:"
                + " component 'h.p' is a pointer").inFile(outer).onLineContaining("record Outer");
        assertThat(c).hadNoteContaining("for Holder: component 'p' is a pointer").inFile(inner).onLineContaining("record Holder");
        assertEquals(List.of(Message.POINTER_NO_JSON.id(), Message.POINTER_NO_JSON.id()), ids(c, Diagnostic.Kind.NOTE));
        assertEquals(false, c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Outer.schema.json").isPresent());
        assertEquals(false, c.generatedSourceFile("p.OuterJson").isPresent());
        String py = c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Outer.py").orElseThrow().getCharContent(true).toString();
        assertThat(py).doesNotContain("class OuterModel");
        assertThat(py).contains("# no OuterModel: component 'h.p' is a pointer");
        assertThat(py).contains("(\"p\", _SB_ctypes.c_void_p),  # C void *: the address, meaningful in this process only");
        assertThat(c).generatedSourceFile("p.OuterStruct").contentsAsUtf8String()
                .contains("throw new java.lang.UnsupportedOperationException(\"Outer has no JSON Schema: component 'h.p' is a pointer");
    }
}
