// analytics placeholder
