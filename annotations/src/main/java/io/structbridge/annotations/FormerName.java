package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The names a component had before it was renamed, oldest first: a declared rename. The member keeps its
 * offset, type and byte order; with a layout lock the processor accepts it under its new name where the lock
 * holds one of these names, and records the new name with its former ones.
 *
 * <pre>{@code
 * @Struct record Tick(long time, @FormerName("qty") int quantity) {}
 * }</pre>
 *
 * <p>JSON written by every generated writer uses the new name. The generated JSON reader, the Jackson module,
 * the Pydantic model, the Python JSON loader and the JSON Schema also accept each former name (turned into a
 * JSON name by the record's {@code @JsonNaming} strategy, if any); a document holding two names of one member is
 * refused. The layout fingerprint keeps the oldest name, so struct files written before the rename still open:
 * list the names oldest first (with a layout lock, another order is refused, since the lock holds them in order).
 * A former name may not be the name or JSON name of any member of the record, nor another member's former name.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface FormerName {
    /** {@return the former component names, oldest first} */
    String[] value();
}
