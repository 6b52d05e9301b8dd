package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One class per Java enum in a Python package ({@code -Astructbridge.pythonPackage}), as there is one value twin per
 * union: two records that use one enum without nesting each other ({@code Probe}, {@code ProbeCore}) once each defined
 * their own {@code Health}, the package exported one of them, and the other record's view and twin refused it
 * ({@code TypeError: ... a Health member is required ... not Health}). Every module of the package now imports the
 * package's one class, so {@code from pkg import Health} works with every record. Checked with python3 and the
 * package's own modules.
 */
class PythonPackageEnumsTest {
    private static final String HEAD = "package %s;\nimport io.structbridge.annotations.*;\n";

    @Test
    void recordsOfOnePackageShareOneClassPerEnum(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.Health", HEAD.formatted("h") + "public enum Health { @Code(1) OK, @Code(2) WARN, @Code(3) FAIL }\n",
                "h.Probe", HEAD.formatted("h") + "@Struct public record Probe(int id, Health health) {}\n",
                "h.ProbeCore", HEAD.formatted("h") + "@Struct public record ProbeCore(Health health, long stamp) {}\n",
                // a record nesting one of them and using the enum itself, and a record of another Java package
                "h.Fleet", HEAD.formatted("h") + "@Struct public record Fleet(Probe first, Health worst, @Length(2) ProbeCore[] cores) {}\n",
                "q.Remote", HEAD.formatted("q") + "@Struct public record Remote(h.Health health, h.ProbeCore core) {}\n");
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir, src, List.of("-Astructbridge.pythonPackage=pk"));
        assertTrue(o.success(), o.sbErrors().toString());
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", "-c", """
                import sys
                sys.path.insert(0, ".")
                import pk
                from pk import probe, probecore, fleet, remote
                classes = {m.__name__: m.Health for m in (pk, probe, probecore, fleet, remote)}
                assert len({id(c) for c in classes.values()}) == 1, classes
                h = pk.Health.WARN
                for rec, view in [(pk.ProbeRecord(id=1, health=h), pk.ProbeView), (pk.ProbeCoreRecord(health=h, stamp=2), pk.ProbeCoreView),
                                  (pk.RemoteRecord(health=h, core=pk.ProbeCoreRecord(health=h, stamp=3)), pk.RemoteView)]:
                    buf = bytearray(view.SIZE)
                    rec.to_view(buf)
                    back = view(buf).load()
                    assert back == rec and back.health is h, (rec, back)
                v = pk.ProbeCoreView(bytearray(pk.ProbeCoreView.SIZE))
                v.health = probe.Health.FAIL
                assert v.health is pk.Health.FAIL
                f = pk.FleetView(bytearray(pk.FleetView.SIZE))
                f.worst = probecore.Health.OK
                f.first = pk.ProbeRecord(id=9, health=remote.Health.WARN)
                f.cores = (pk.ProbeCoreRecord(health=fleet.Health.FAIL, stamp=1), pk.ProbeCoreRecord(health=h, stamp=2))
                assert f.load().first.health is pk.Health.WARN and f.worst is pk.Health.OK
                assert pk.__all__.count("Health") == 1
                print("ok")
                """), o.classes(), null);
        assertEquals("ok", r.out().strip(), r.out());
    }

    /** Two enums of one simple name from two Java packages cannot both be the package's class of that name. */
    @Test
    void enumsOfOneNameFromTwoJavaPackagesAreRefused(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.Health", HEAD.formatted("h") + "public enum Health { @Code(1) OK }\n",
                "q.Health", HEAD.formatted("q") + "public enum Health { @Code(1) UP, @Code(2) DOWN }\n",
                "h.Probe", HEAD.formatted("h") + "@Struct public record Probe(Health health) {}\n",
                "q.Sensor", HEAD.formatted("q") + "@Struct public record Sensor(Health health) {}\n");
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir, src, List.of("-Astructbridge.pythonPackage=pk"));
        assertTrue(o.refused("SB-PYTHON-PACKAGE-CLASH", "q.Sensor", "h.Health", "q.Health"), o.sbErrors().toString());
    }
}
