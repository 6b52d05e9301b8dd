package io.structbridge.jackson.nocodec;

import com.fasterxml.jackson.annotation.JsonValue;
import io.structbridge.annotations.Code;

/** A colour written by {@link #json()}: its JSON names are only known at run time, so no codec is generated. */
public enum Tint {
    @Code(1) RED,
    @Code(2) GREEN;

    @JsonValue
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
