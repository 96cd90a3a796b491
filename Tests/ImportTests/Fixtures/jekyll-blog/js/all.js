---
---
{% include analytics.js %}
console.log("hi");
