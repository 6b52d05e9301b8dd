/** Hibernate Validator as the fallback for constraints structbridge does not compile. */
module io.structbridge.hv {
    requires io.structbridge.runtime;
    requires jakarta.validation;
    provides io.structbridge.runtime.ValidationFallback with io.structbridge.hv.HibernateValidatorFallback;
}
