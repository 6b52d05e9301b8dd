package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.oracles.OracleProcess;
import java.io.File;
import java.lang.foreign.MemoryLayout;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated Python module lays out and stores what gcc does (the same declarations written in C here, from the
 * records' description, not from our header) and refuses what Java refuses: components named like the module's
 * private names keep their bytes, a _Float16 array's element writes fail loudly instead of being lost, a struct
 * aligned only by its bit-fields is aligned as gcc aligns it in ctypes and NumPy, open_array of a struct holding a
 * pointer is refused (as Java's StructFile refuses it), and a component named like a class attribute of
 * ctypes.Structure is refused.
 */
class PythonModuleLayoutTest {
    private static final String HEAD = "package t;\nimport io.structbridge.annotations.*;\nimport java.lang.foreign.MemorySegment;\n";

    private static Map<String, String> sources() {
        Map<String, String> src = new LinkedHashMap<>();
        src.put("t.N1", HEAD + "@Struct public record N1(@Bits(3) int _bits0, @Bits(3) int x) {}\n");
        src.put("t.N2", HEAD + "@Struct public record N2(@NativeType(CType.FLOAT16) float r, int _r_f16) {}\n");
        src.put("t.NB", HEAD + "@Struct public record NB(@Bits(3) int a, int _bits0, @Bits(2) int c) {}\n");
        src.put("t.NU", HEAD + "@Union public record NU(int _pad0, byte b) {}\n");
        src.put("t.NS", HEAD + "@Struct public record NS(byte x, NU u, int _pad0, int _pad1) {}\n");
        src.put("t.HA", HEAD + "@Struct public record HA(@NativeType(CType.FLOAT16) @Length(3) float[] h, "
                + "@NativeType(CType.UINT64_BITS) @Length(2) long[] u) {}\n");
        src.put("t.Bf", HEAD + "@Struct public record Bf(@Bits(3) @NativeType(CType.UINT64) long a, @Bits(5) int b) {}\n");
        src.put("t.Bf4", HEAD + "@Struct public record Bf4(byte c, @Bits(9) int a) {}\n");
        src.put("t.Iov", HEAD + "@Struct public record Iov(@Pointer MemorySegment base, long len) {}\n");
        src.put("t.Vecs", HEAD + "@Struct public record Vecs(int n, @Length(2) Iov[] iov) {}\n");
        return src;
    }

    /** The same declarations in C: gcc's bytes for the values the Python script sets, and gcc's layouts. */
    private static final String C = """
            #include <stddef.h>
            #include <stdint.h>
            #include <stdio.h>
            #include <string.h>
            typedef struct { int32_t _bits0 : 3; int32_t x : 3; } N1;
            typedef struct { _Float16 r; int32_t _r_f16; } N2;
            typedef struct { int32_t a : 3; int32_t _bits0; int32_t c : 2; } NB;
            typedef union { int32_t _pad0; int8_t b; } NU;
            typedef struct { int8_t x; NU u; int32_t _pad0; int32_t _pad1; } NS;
            typedef struct { uint64_t a : 3; int32_t b : 5; } Bf;
            typedef struct { int8_t c; int32_t a : 9; } Bf4;
            typedef struct { char c; Bf b; } W;
            typedef struct { char c; Bf4 b; } W4;
            static void dump(const char *name, const void *p, size_t n) {
                const unsigned char *c = p; printf("%s ", name); for (size_t i = 0; i < n; i++) printf("%02x", c[i]); printf("\\n");
            }
            int main(void) {
                N1 n1; memset(&n1, 0, sizeof n1); n1._bits0 = 3; n1.x = -2; dump("N1", &n1, sizeof n1);
                N2 n2; memset(&n2, 0, sizeof n2); n2.r = (_Float16) 1.5; n2._r_f16 = 7; dump("N2", &n2, sizeof n2);
                NB nb; memset(&nb, 0, sizeof nb); nb.a = 1; nb._bits0 = 0x01020304; nb.c = -1; dump("NB", &nb, sizeof nb);
                NS ns; memset(&ns, 0, sizeof ns); ns.x = 9; ns.u._pad0 = 0x0a0b0c0d; ns._pad0 = 5; ns._pad1 = 6; dump("NS", &ns, sizeof ns);
                printf("NS._pad0 %zu NS._pad1 %zu\\n", offsetof(NS, _pad0), offsetof(NS, _pad1));
                printf("Bf align %zu W.b %zu W size %zu\\n", _Alignof(Bf), offsetof(W, b), sizeof(W));
                printf("Bf4 align %zu W4.b %zu W4 size %zu\\n", _Alignof(Bf4), offsetof(W4, b), sizeof(W4));
                return 0;
            }
            """;

    private static final String PY = """
            import ctypes, sys
            sys.path.insert(0, sys.argv[1])
            import numpy as np
            import cffi
            import N1, N2, NB, NS, HA, Bf, Bf4, Vecs, Iov

            def dump(name, o):
                print(name, bytes(o).hex())

            n1 = N1.N1(); n1._bits0 = 3; n1.x = -2
            assert (n1._bits0, n1.x) == (3, -2), (n1._bits0, n1.x)
            dump("N1", n1)
            n2 = N2.N2(); n2.r = 1.5; n2._r_f16 = 7
            dump("N2", n2)
            nb = NB.NB(); nb.a = 1; nb._bits0 = 0x01020304; nb.c = -1
            dump("NB", nb)
            assert set(NB.NB_dtype.names) >= {"_bits0"}, NB.NB_dtype.names
            ns = NS.NS(); ns.x = 9; ns.u._pad0 = 0x0a0b0c0d; ns._pad0 = 5; ns._pad1 = 6
            dump("NS", ns)
            ffi = cffi.FFI()
            ffi.cdef(NS.CDEF, packed=True)
            print("NS._pad0", ffi.offsetof("NS", "_pad0"), "NS._pad1", ffi.offsetof("NS", "_pad1"))
            # 11: a _Float16 array is a tuple: an element write fails loudly, never silently lost
            ha = HA.HA(); ha.h = [1.5, 2.0, 0.25]
            try:
                ha.h[0] = 0.5
                print("HA element write accepted", ha.h)
            except TypeError:
                pass
            assert ha.h == (1.5, 2.0, 0.25), ha.h
            ha.u[0] = 5
            assert ha.u[0] == 5
            # the typed view: arrays read as tuples too (an element write cannot change a copy silently)
            buf = bytearray(bytes(ha))
            view = HA.HAView.at(buf, 0)
            assert view.h == (1.5, 2.0, 0.25) and view.u[0] == 5, (view.h, view.u)
            for attr in ("h", "u"):
                try:
                    getattr(view, attr)[0] = 0.5
                    print("HAView element write accepted", attr)
                except TypeError:
                    pass
            view.h = [0.5, 0.5, 0.5]
            assert bytes(buf[:6]) == bytes.fromhex("003800380038"), buf.hex()
            # 02: alignment from bit-fields only
            for mod, name in ((Bf, "Bf"), (Bf4, "Bf4")):
                cls = getattr(mod, name)
                class W(ctypes.Structure):
                    _fields_ = [("c", ctypes.c_char), ("b", cls)]
                d = np.dtype([("c", "u1"), ("b", getattr(mod, name + "_dtype"))], align=True)
                print(name, "ctypes", ctypes.alignment(cls), W.b.offset, ctypes.sizeof(W), "numpy", getattr(mod, name + "_dtype").alignment,
                      d.fields["b"][1], d.itemsize, "ALIGNMENT", mod.ALIGNMENT)
            # pointers: open_array refuses the struct, naming the member as Java does
            for mod, member in ((Iov, "Iov.base"), (Vecs, "Vecs.iov[].base")):
                try:
                    mod.open_array(sys.argv[2])
                    print("open_array accepted", member)
                except ValueError as e:
                    assert member + " is a pointer" in str(e), e
            print("done")
            """;

    @Test
    void generatedPrivateNamesAlignmentF16ArraysAndPointersAgainstGcc(@TempDir Path dir) throws Exception {
        DiskCompilation compiled = DiskCompilation.compile(dir.resolve("good"), sources());
        assertTrue(compiled.success(), () -> String.join("\n", compiled.errors()));
        String gcc = Gcc.tool("gcc");
        String python = Gcc.tool("python3");
        Path c = dir.resolve("oracle.c");
        Files.writeString(c, C);
        run(dir, gcc, "-std=c11", "-Wall", "-Werror", "-o", dir.resolve("oracle").toString(), c.toString());
        List<String> expected = new ArrayList<>(run(dir, dir.resolve("oracle").toString()).lines().toList());
        Path py = dir.resolve("check.py");
        Files.writeString(py, PY);
        Path empty = Files.writeString(dir.resolve("empty.sb"), "");
        String out = run(dir, python, "-B", py.toString(), compiled.classes().resolve("t").toString(), empty.toString());
        List<String> lines = out.lines().toList();
        assertEquals("done", lines.getLast(), out);
        for (String name : List.of("N1", "N2", "NB", "NS")) {
            assertEquals(expected.stream().filter(l -> l.startsWith(name + " ")).findFirst().orElseThrow(),
                    lines.stream().filter(l -> l.startsWith(name + " ")).findFirst().orElse(out), name);
        }
        assertTrue(lines.contains(expected.stream().filter(l -> l.startsWith("NS._pad0")).findFirst().orElseThrow()), out);
        for (String name : List.of("Bf", "Bf4")) {
            String[] g = expected.stream().filter(l -> l.startsWith(name + " align")).findFirst().orElseThrow().split(" ");
            String want = name + " ctypes " + g[2] + " " + g[4] + " " + g[7] + " numpy " + g[2] + " " + g[4] + " " + g[7] + " ALIGNMENT " + g[2];
            assertEquals(want, lines.stream().filter(l -> l.startsWith(name + " ctypes")).findFirst().orElse(out));
        }
        assertFalse(out.contains("accepted"), out);

        // the FFM LAYOUT: the component _bits0 of NB is the member at gcc's offset 4, not the bit-field run
        List<URL> urls = new ArrayList<>(List.of(compiled.classes().toUri().toURL()));
        for (File f : Compilations.CLASSPATH) {
            urls.add(f.toURI().toURL());
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            MemoryLayout layout = (MemoryLayout) loader.loadClass("t.NBStruct").getField("LAYOUT").get(null);
            assertEquals(4, layout.byteOffset(MemoryLayout.PathElement.groupElement("_bits0")), layout.toString());
        }
    }

    /** 12: a component named like a class attribute of ctypes.Structure (bit-field or whole member) is refused. */
    @Test
    void componentsNamedLikeCtypesClassMethodsAreRefused(@TempDir Path dir) {
        for (String member : List.of("@Bits(2) int from_buffer", "int from_buffer_copy", "long from_address", "int in_dll",
                "@Bits(3) int from_param", "int mro")) {
            DiskCompilation refused = DiskCompilation.compile(dir.resolve("r" + member.hashCode()),
                    Map.of("t.SM", HEAD + "@Struct public record SM(int a, " + member + ") {}\n"));
            assertFalse(refused.success(), member);
            String name = member.substring(member.lastIndexOf(' ') + 1);
            assertTrue(refused.errors().stream().anyMatch(e -> e.contains("[SB-PYTHON-RESERVED-NAME]") && e.contains("'" + name + "'")
                    && e.contains("from_buffer_copy")), refused.errors().toString());
        }
    }

    private static String run(Path dir, String... cmd) {
        return OracleProcess.of(cmd).in(dir).mergeErrors().timeout(120).check().stdout();
    }
}
