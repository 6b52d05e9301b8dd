package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.structbridge.annotations.CType;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;
import io.structbridge.annotations.Tag;
import io.structbridge.jackson.fixtures.Tagged;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Found by an attack (atk10): records the module writes through their codec ({@code UINT64_BITS} members, tagged
 * unions) in a polymorphic place ({@code @JsonTypeInfo} on an interface they implement) were refused by the mapper
 * ("Type id handling (method serializeWithType()) not implemented ... RecordThroughCodec"), although plain databind
 * wrote them before and writes the other records of the same interface. Java's codec is the oracle for the members;
 * the type id is written as databind writes it for the plain record next to them.
 */
class PolymorphicThroughCodecTest {
    static final JsonMapper STRICT = StrictJson.mapper();

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
    @JsonSubTypes({@JsonSubTypes.Type(value = Wide64.class, name = "wide"), @JsonSubTypes.Type(value = Fig.class, name = "fig"),
            @JsonSubTypes.Type(value = Plain.class, name = "plain")})
    public interface Typed {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_ARRAY)
    @JsonSubTypes({@JsonSubTypes.Type(value = Wrapped.class, name = "w")})
    public interface WrappedTyped {}

    /** A {@code UINT64_BITS} scalar and array. */
    @Struct
    public record Wide64(@NativeType(CType.UINT64_BITS) long v, @NativeType(CType.UINT64_BITS) @Length(2) long[] vs) implements Typed {}

    /** A tagged union. */
    @Struct
    public record Fig(Tagged.Kind kind, @Tag("kind") Tagged.Shape shape) implements Typed {}

    /** Neither: plain databind. */
    @Struct
    public record Plain(int v) implements Typed {}

    /** Another inclusion. */
    @Struct
    public record Wrapped(@NativeType(CType.UINT64_BITS) long v) implements WrappedTyped {}

    record Holder(Typed one, List<Typed> many) {}

    @Test
    void recordsThroughTheCodecKeepTheirTypeId() {
        Wide64 w = new Wide64(-1, new long[] {Long.MIN_VALUE, 3});
        Fig f = new Fig(Tagged.Kind.RECT, new Tagged.Shape(new Tagged.Circle(9), new Tagged.Rect(2f, 3f)));
        // the codec's members (Java's oracle: the generated RJson.write of the stored record)
        java.lang.foreign.MemorySegment s = java.lang.foreign.MemorySegment.ofArray(new long[8]);
        PolymorphicThroughCodecTest_Wide64Struct.write(s, 0, w);
        java.io.StringWriter out = new java.io.StringWriter();
        try (tools.jackson.core.JsonGenerator g = STRICT.createGenerator(out)) {
            PolymorphicThroughCodecTest_Wide64Json.write(s, 0, g);
        }
        String wJson = "{\"@type\":\"wide\"," + out.toString().substring(1);
        String fJson = "{\"@type\":\"fig\",\"kind\":\"RECT\",\"shape\":{\"rect\":{\"w\":2.0,\"h\":3.0}}}";
        assertEquals("{\"@type\":\"wide\",\"v\":18446744073709551615,\"vs\":[9223372036854775808,3]}", wJson);
        assertEquals(wJson, STRICT.writeValueAsString(w));
        assertEquals(fJson, STRICT.writeValueAsString(f));
        assertEquals("{\"@type\":\"plain\",\"v\":1}", STRICT.writerFor(Typed.class).writeValueAsString(new Plain(1)));
        assertEquals(wJson, STRICT.writerFor(Typed.class).writeValueAsString(w));
        assertEquals(fJson, STRICT.writerFor(Typed.class).writeValueAsString(f));
        String holder = STRICT.writeValueAsString(new Holder(w, List.of(f, new Plain(1), w)));
        assertEquals("{\"one\":" + wJson + ",\"many\":[" + fJson + ",{\"@type\":\"plain\",\"v\":1}," + wJson + "]}", holder);
        // and read back as the records (the dead member is gone, as in Java's read)
        Holder back = STRICT.readValue(holder, Holder.class);
        Wide64 wBack = (Wide64) back.one();
        assertEquals(-1L, wBack.v());
        assertEquals(List.of(Long.MIN_VALUE, 3L), List.of(wBack.vs()[0], wBack.vs()[1]));
        assertEquals(new Fig(Tagged.Kind.RECT, new Tagged.Shape(null, new Tagged.Rect(2f, 3f))), back.many().get(0));
        assertEquals("[\"w\",{\"v\":18446744073709551615}]", STRICT.writerFor(WrappedTyped.class).writeValueAsString(new Wrapped(-1)));
        assertEquals(-1L, ((Wrapped) STRICT.readValue("[\"w\",{\"v\":18446744073709551615}]", WrappedTyped.class)).v());
    }
}
