package io.structbridge.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * gcc and g++ (C11 and C++17, -Werror) judge the headers of unions the fixtures do not cover: an
 * {@code @Align} member raising the union's alignment and so its size, {@code pack(2)} capping a
 * {@code long}, unions nested in unions and as array members of unions, enum, text and big-endian
 * members. Every header asserts sizeof, _Alignof and offsetof == 0 for each member, so a header
 * that compiles is a layout gcc agrees with.
 */
class UnionHeaderOracleTest {

    @Test
    void everyUnionHeaderCompilesWithItsStaticAssertions() {
        Compilation c = Compilations.compile(JavaFileObjects.forSourceLines("p.U", "package p;",
                "import io.structbridge.annotations.*;",
                "enum Kind { @Code(1) A, @Code(2) B }",
                "@Union record AlignedMember(byte b, @Align(16) int i) {}",
                "@Union(pack = 2) record Pack2(long l, @Length(3) byte[] three) {}",
                "@Union record Inner(short s, @Length(3) byte[] three) {}",
                "@Union record Outer(Inner one, @Length(2) Inner[] two, double d) {}",
                "@Union record Mixed(@NativeType(CType.UINT8) Kind kind, @Capacity(7) String text,",
                "        @Order(Endian.BIG) @NativeType(CType.UINT32) long be) {}",
                "@Struct record Holder(byte c, AlignedMember a, @Length(2) Outer[] outers, Pack2 p, Mixed m) {}",
                "@Struct(pack = 2) record PackedHolder(byte c, Outer o, AlignedMember a) {}",
                "public final class U {}"));
        assertThat(c).succeeded();
        Map<String, String> headers = CHeaderOracleTest.headers(c);
        assertWithMessage("headers").that(headers.keySet()).containsAtLeast("AlignedMember.h", "Pack2.h", "Outer.h",
                "Mixed.h", "Holder.h", "PackedHolder.h");
        assertWithMessage("AlignedMember.h").that(headers.get("AlignedMember.h"))
                .contains("SB_STATIC_ASSERT(sizeof(AlignedMember) == 16,");
        assertWithMessage("Pack2.h").that(headers.get("Pack2.h")).contains("SB_STATIC_ASSERT(SB_ALIGNOF(Pack2) == 2,");
        for (String h : headers.keySet()) {
            CHeaderOracleTest.assertBothCompile(h, headers);
        }
    }
}
