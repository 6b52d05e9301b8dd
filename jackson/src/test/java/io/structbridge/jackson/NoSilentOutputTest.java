package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointArray;
import io.structbridge.jackson.fixtures.PointStruct;
import io.structbridge.jackson.nocodec.Swatch;
import io.structbridge.jackson.nocodec.SwatchArray;
import io.structbridge.jackson.nocodec.Tint;
import io.structbridge.runtime.StructFile;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.json.JsonMapper;

/**
 * No route writes a struct as a silent {@code {}}: arrays, slices and views, alone or inside lists, maps and
 * records, through a mapper with {@link StructJsonModule}, {@link StrictJson#mapper()} and a plain mapper
 * without the module. Jackson writing the equal records is the oracle; what has no JSON form fails naming the
 * cause and the fix.
 */
class NoSilentOutputTest {
    private static final List<JsonMapper> MAPPERS = List.of(
            StrictJson.configure(JsonMapper.builder().findAndAddModules()).build(),
            StrictJson.mapper(),
            StrictJson.codecMapper(),
            JsonMapper.builder().build());
    private static final List<Point> POINTS = List.of(new Point(1, 2), new Point(-3, 4));

    /** A record databind writes with a struct array, a view and lists of both inside. */
    public record Holder(PointArray points, Object view, List<PointArray> more, Map<String, Object> byName) {}

    /** The same shape with records, for the oracle. */
    public record Plain(List<Point> points, Point view, List<List<Point>> more, Map<String, Object> byName) {}

    @Test
    void strictJsonMappersRegisterTheModule() {
        for (JsonMapper m : List.of(StrictJson.mapper(), StrictJson.codecMapper())) {
            assertTrue(m.registeredModules().stream().anyMatch(x -> x instanceof StructJsonModule), m.registeredModules().toString());
        }
    }

    @Test
    void everyMapperWritesArraysAndViewsAsJacksonWritesTheRecords() {
        try (Arena arena = Arena.ofConfined()) {
            PointArray array = PointArray.fromList(arena, POINTS);
            for (JsonMapper m : MAPPERS) {
                String mapper = m.registeredModules().toString();
                assertEquals(m.writeValueAsString(POINTS), m.writeValueAsString(array), mapper);
                assertEquals(m.writeValueAsString(POINTS.subList(1, 2)), m.writeValueAsString(array.slice(1, 1)), mapper);
                assertEquals(m.writeValueAsString(POINTS.get(1)), m.writeValueAsString(array.view(1)), mapper);
                assertEquals(m.writeValueAsString(List.of(POINTS.get(0), POINTS.get(1))),
                        m.writeValueAsString(List.of(array.view(0), array.view(1))), mapper);
                Holder h = new Holder(array, array.view(0), List.of(array.slice(0, 1), array),
                        Map.of("a", array, "v", array.view(1)));
                Plain p = new Plain(POINTS, POINTS.get(0), List.of(POINTS.subList(0, 1), POINTS),
                        Map.of("a", POINTS, "v", POINTS.get(1)));
                assertEquals(m.writeValueAsString(p), m.writeValueAsString(h), mapper);
            }
        }
    }

    @Test
    void aStructWithoutACodecFailsNamingTheCauseAndTheFix() {
        try (Arena arena = Arena.ofConfined()) {
            SwatchArray swatches = SwatchArray.fromList(arena, List.of(new Swatch(1, Tint.RED)));
            for (JsonMapper m : MAPPERS) {
                for (Object value : List.of(swatches, swatches.view(0), List.of(swatches.view(0)), Map.of("s", swatches),
                        new Holder(PointArray.allocate(arena, 0), swatches.view(0), List.of(), Map.of()))) {
                    InvalidDefinitionException e = assertThrows(InvalidDefinitionException.class, () -> m.writeValueAsString(value),
                            value.getClass() + " " + m.registeredModules());
                    assertTrue(e.getMessage().contains("enum Tint (component Swatch.tint) has a @JsonValue method, json()")
                            && e.getMessage().contains("SB-JSON-CODEC-SKIPPED") && e.getMessage().contains("toList()"), e.getMessage());
                }
            }
            // the records themselves are plain databind: the oracle for what the fix suggests
            JsonMapper strict = StrictJson.mapper();
            assertEquals("[{\"id\":1,\"tint\":\"red\"}]", strict.writeValueAsString(swatches.toList()));
            // reading into a view without a codec fails the same way, before anything is stored
            InvalidDefinitionException read = assertThrows(InvalidDefinitionException.class,
                    () -> strict.readerForUpdating(swatches.view(0)).readValue("{\"id\":2,\"tint\":\"green\"}"));
            assertTrue(read.getMessage().contains("@JsonValue"), read.getMessage());
            assertEquals(new Swatch(1, Tint.RED), swatches.get(0));
        }
    }

    @Test
    void aStructFileAndAStructTypeAreRefusedByTheModule(@TempDir Path dir) throws Exception {
        Path path = dir.resolve("points.bin");
        try (StructFile<Point> file = StructFile.create(path, PointStruct.TYPE, 4)) {
            file.appendAll(POINTS);
            for (JsonMapper m : MAPPERS.subList(0, 3)) {
                InvalidDefinitionException f = assertThrows(InvalidDefinitionException.class, () -> m.writeValueAsString(file));
                assertTrue(f.getMessage().contains("RArray.over(file.elements())"), f.getMessage());
                InvalidDefinitionException t = assertThrows(InvalidDefinitionException.class, () -> m.writeValueAsString(PointStruct.TYPE));
                assertTrue(t.getMessage().contains("StructType"), t.getMessage());
                // what the message suggests works, and gives what databind gives for the records
                assertEquals(m.writeValueAsString(POINTS), m.writeValueAsString(PointArray.over(file.elements())));
            }
        }
        assertTrue(Files.size(path) > 0);
    }
    @Test
    void everyMapperReadsArraysAndViewsAsJacksonReadsTheRecordsAndNeverIgnoresTheInput() {
        String json = "[{\"x\":3,\"y\":4},{\"x\":-5,\"y\":6}]";
        String one = "{\"x\":7,\"y\":8}";
        try (Arena arena = Arena.ofConfined()) {
            for (JsonMapper m : MAPPERS) {
                String mapper = m.registeredModules().toString();
                List<Point> records = m.readValue(json, new tools.jackson.core.type.TypeReference<List<Point>>() {});
                assertEquals(records, m.readValue(json, PointArray.class).toList(), mapper);
                PointArray target = PointArray.fromList(arena, POINTS);
                m.readerForUpdating(target.view(1)).readValue(one);
                assertEquals(m.readValue(one, Point.class), target.get(1), mapper);
                m.readerForUpdating(target).readValue(json);
                assertEquals(records, target.toList(), mapper);
                // an unknown property is the codec's error, not silently skipped (Jackson 3's default for beans)
                StructJsonException e = assertThrows(StructJsonException.class,
                        () -> m.readerForUpdating(target.view(0)).readValue("{\"x\":1,\"y\":2,\"z\":3}"), mapper);
                assertTrue(e.getMessage().contains("unknown property \"z\""), e.getMessage());
                assertEquals(records, target.toList(), mapper);
                SwatchArray swatches = SwatchArray.fromList(arena, List.of(new Swatch(1, Tint.RED)));
                InvalidDefinitionException none = assertThrows(InvalidDefinitionException.class,
                        () -> m.readerForUpdating(swatches.view(0)).readValue("{\"id\":2,\"tint\":\"green\"}"), mapper);
                assertTrue(none.getMessage().contains("@JsonValue"), none.getMessage());
                assertThrows(InvalidDefinitionException.class, () -> m.readValue("[]", SwatchArray.class), mapper);
                assertEquals(new Swatch(1, Tint.RED), swatches.get(0), mapper);
            }
        }
    }
}
