package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A component keeps one spelling across the generated Python module: the ctypes class, the NumPy dtype, the cffi
 * declarations, the typed view and the value twin all name {@code _sigev_un} (glibc's {@code struct sigevent} member)
 * {@code _sigev_un}, as the record does. Only the Pydantic model cannot: Pydantic v2 takes no field whose name
 * begins with an underscore (checked here with the installed Pydantic), so its attribute has a name of its own and
 * the JSON name as alias, by which the model is built, validated and dumped. Was: the view and the twin spelled it
 * {@code f_sigev_un} while ctypes and the dtype kept {@code _sigev_un}.
 */
class PythonSpellingTest {
    private static final String HEAD = "package h;\nimport io.structbridge.annotations.*;\n";

    @Test
    void everySurfaceButTheModelsAttributeKeepsTheComponentName(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.Inner", HEAD + "@Struct public record Inner(int _v, short w) {}\n",
                "h.Sig", HEAD + "@Struct public record Sig(int sigev_signo, @Capacity(8) String _sigev_un, int _x, Inner _inner,\n"
                        + "    @Length(2) short[] _arr, int from, int count, int model_x) {}\n");
        GeneratedOutputs.Outcome o = GeneratedOutputs.check(dir, src, Map.of("Sig", List.of("sigev_signo", "_sigev_un", "_x", "_inner",
                "_arr", "from", "count", "model_x")));
        assertTrue(o.success(), o.sbErrors().toString());
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", "-c", """
                import cffi, dataclasses, sys
                import pydantic
                sys.path.insert(0, ".")
                import Sig as m
                underscored = ["_sigev_un", "_x", "_inner", "_arr"]
                ctypes_names = [f[0] for f in m.Sig._fields_]
                dtype_names = list(m.Sig_dtype.names)
                twin_names = [f.name for f in dataclasses.fields(m.SigRecord)]
                ffi = cffi.FFI()
                ffi.cdef(m.CDEF, packed=True)
                cffi_names = [n for n, _ in ffi.typeof("Sig").fields]
                view_names = [n for n in dir(m.SigView) if isinstance(getattr(m.SigView, n), property)]
                for n in underscored:
                    for surface, names in [("ctypes", ctypes_names), ("dtype", dtype_names), ("cffi", cffi_names),
                                           ("view", view_names), ("twin", twin_names)]:
                        assert n in names, (surface, n, names)
                assert "_v" in [f[0] for f in m.Inner._fields_] and "_v" in [f.name for f in dataclasses.fields(m.InnerRecord)]
                assert isinstance(getattr(m.InnerView, "_v"), property)
                # the API name count and the keyword from: the view and the twin need a name of their own
                assert "count_" in twin_names and "from_" in twin_names, twin_names
                # Pydantic v2 refuses a field name with a leading underscore (so the model needs an alias)
                try:
                    pydantic.create_model("P", _sigev_un=(str, pydantic.Field(alias="_sigev_un")))
                    raise SystemExit("Pydantic took a field named _sigev_un")
                except NameError:
                    pass
                aliases = {f.alias or n: n for n, f in m.SigModel.model_fields.items()}
                for n in underscored:
                    assert n in aliases and not aliases[n].startswith("_"), (n, aliases)
                buf = bytearray(m.SigView.SIZE)
                v = m.SigView(buf)
                v._sigev_un = "ab"
                v._x = -7
                v._inner = m.InnerRecord(_v=3, w=4)
                v._arr = (5, 6)
                rec = v.load()
                assert rec._sigev_un == "ab" and rec._x == -7 and rec._inner._v == 3 and rec._arr == (5, 6), rec
                model = rec.to_model()
                dumped = model.model_dump(mode="json")
                assert dumped["_sigev_un"] == "ab" and dumped["_x"] == -7 and dumped["_inner"]["_v"] == 3, dumped
                again = m.SigModel.model_validate_json(model.model_dump_json())
                back = bytearray(m.SigView.SIZE)
                m.SigRecord.from_model(again).to_view(back)
                assert back == buf, (back.hex(), buf.hex())
                assert m.Sig.from_buffer(buf)._x == -7 and m.Sig.from_buffer(buf)._inner._v == 3
                arr = __import__("numpy").frombuffer(bytes(buf), dtype=m.Sig_dtype)
                assert int(arr["_x"][0]) == -7 and int(arr["_inner"]["_v"][0]) == 3
                print("ok")
                """), o.classes().resolve("h"), null);
        assertEquals("ok", r.out().strip(), r.out());
    }
}
