package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A removed member whose bytes stay: the component keeps its place, type, size and alignment in the struct, so
 * every later member's offset, the struct's size and its alignment stay as they were (and as a layout lock holds
 * them), but it leaves every generated API: views, accessors, JSON, JSON Schema, Python and Pydantic fields, Mojo
 * accessors, validators and Arrow/Spark columns. The C header keeps the bytes as a member named
 * {@code sb_reserved_<name>} of the same offset, size and alignment.
 *
 * <pre>{@code
 * @Struct record Tick(long time, @Reserved int qty, double price) {}   // qty removed, price stays at offset 16
 * }</pre>
 *
 * <p>New code writes zeros into reserved bytes when it creates a struct and leaves them as they are when it
 * overwrites one; a reader of an older version sees zero in the removed member of a struct that new code created.
 * A reserved component reads as its Java default ({@code 0}, {@code false}, {@code null}) in records the
 * generated code builds. It takes no constraint, no {@link FormerName}, and cannot be a bit-field or a union's
 * member; with a layout lock, its name is never given to a new member (docs/layout-lock.md).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Reserved {}
