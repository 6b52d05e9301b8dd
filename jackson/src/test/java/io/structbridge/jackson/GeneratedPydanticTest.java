package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderValidator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Pydantic v2 model the processor generated for {@code Order} ({@code Order.py}, beside the
 * class) validates Jackson's JSON of random orders with the verdicts of the generated Java
 * validator. NaN and infinities are left out: Jackson writes them as strings, which a strict
 * Pydantic float refuses (a documented difference).
 */
class GeneratedPydanticTest {
    private static final JsonMapper STRICT = StrictJson.mapper();

    @Test
    void generatedModelGivesTheJavaValidatorsVerdicts(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Path modules = Path.of(Order.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Arbitrary<Order> orders = new ValidatorDifferentialTest().orders();
        List<String> json = new ArrayList<>();
        List<String> java = new ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        orders.sampleStream().filter(GeneratedPydanticTest::finite).limit(400).forEach(random -> {
            // Half the corpus: a valid order with one component taken from the random one.
            Order o = n.get() % 2 == 0 ? random : oneChanged(InPlaceValidationTest.VALID, random, n.get() / 2 % 15);
            n.incrementAndGet();
            json.add(STRICT.writeValueAsString(o));
            java.add(OrderValidator.validate(o).isEmpty() ? "valid" : "invalid");
        });
        Path script = dir.resolve("check.py");
        Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                import Order
                for line in sys.stdin.read().splitlines():
                    try:
                        Order.OrderModel.model_validate_json(line)
                        print("valid")
                    except Exception:
                        print("invalid")
                """);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(String.join("\n", json).getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        List<String> python = out.lines().toList();
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < Math.min(java.size(), python.size()); i++) {
            if (!java.get(i).equals(python.get(i))) {
                differences.add(java.get(i) + " in Java, " + python.get(i) + " in Pydantic: " + json.get(i));
            }
        }
        assertEquals(java.size(), python.size(), out);
        assertEquals(List.of(), differences);
        assertEquals(true, java.contains("valid") && java.contains("invalid"), "the corpus has both verdicts");
    }

    /**
     * A property renamed with {@code @JsonProperty} ({@code id} is {@code "order_id"}): Jackson refuses the
     * Java component name, so the generated model must too (it once had {@code populate_by_name=True}).
     */
    @Test
    void generatedModelAcceptsExactlyTheNamesJacksonAccepts(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Path modules = Path.of(Order.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        String valid = STRICT.writeValueAsString(InPlaceValidationTest.VALID);
        List<String> docs = List.of(valid, valid.replace("\"order_id\"", "\"id\""),
                valid.replace("\"order_id\":", "\"id\":1,\"order_id\":"));
        List<String> jackson = new ArrayList<>();
        for (String d : docs) {
            String verdict;
            try {
                STRICT.readValue(d, Order.class);
                verdict = "valid";
            } catch (tools.jackson.core.JacksonException e) {
                verdict = "invalid";
            }
            jackson.add(verdict);
        }
        assertEquals(List.of("valid", "invalid", "invalid"), jackson, "Jackson, the oracle");
        Path script = dir.resolve("names.py");
        Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                import Order
                for line in sys.stdin.read().splitlines():
                    try:
                        Order.OrderModel.model_validate_json(line)
                        print("valid")
                    except Exception:
                        print("invalid")
                """);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(String.join("\n", docs).getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        assertEquals(jackson, out.lines().toList(), out);
    }

    private static Order oneChanged(Order v, Order r, int k) {
        return new Order(k == 0 ? r.id() : v.id(), k == 1 ? r.code() : v.code(), k == 2 ? r.qty() : v.qty(),
                k == 3 ? r.price() : v.price(), k == 4 ? r.weight() : v.weight(), k == 5 ? r.status() : v.status(),
                k == 6 ? r.confirmed() : v.confirmed(), k == 7 ? r.dims() : v.dims(), k == 8 ? r.at() : v.at(),
                k == 9 ? r.grade() : v.grade(), k == 10 ? r.ratio() : v.ratio(), k == 11 ? r.delta() : v.delta(),
                k == 12 ? r.tag() : v.tag(), k == 13 ? r.tilt() : v.tilt(), k == 14 ? r.small() : v.small());
    }

    private static boolean finite(Order o) {
        return Double.isFinite(o.price()) && Float.isFinite(o.weight()) && Double.isFinite(o.ratio()) && Double.isFinite(o.tilt());
    }
}
